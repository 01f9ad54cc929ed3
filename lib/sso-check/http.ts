import { guardedFetch } from "@/lib/http/node";
import type { SsoCheckInput } from "./input";

/** A redirect URI no provider has registered (a reserved name: it can never resolve). */
export const UNREGISTERED_REDIRECT = "https://unregistered.sso-check.invalid/oauth2/idpresponse";

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body as JSON, when it is. */
  json?: unknown;
}

/**
 * The providers the input names (the issuer, the partner API): under the development switch the only origins on this
 * machine the validator reaches, its own requests and its browser's alike. A discovery document cannot add to them:
 * it would otherwise steer the validator to any service listening here (a database, a cache, the application).
 */
export const providerOrigins = (input: SsoCheckInput): string[] =>
  [input.issuer, input.partnerApi?.url].filter((u): u is string => !!u && URL.canParse(u));

const guard = (input: SsoCheckInput) => ({
  allowLoopback: input.allowLoopback,
  loopbackAllowed: providerOrigins(input),
  timeoutMs: 10_000,
  maxBytes: 1024 * 1024,
  extraCa: input.trust?.caPem,
});

/** A request of the validator to the partner's provider: the outbound guard, 10 s, 1 MB, no redirect followed. */
export async function call(
  input: SsoCheckInput,
  url: string,
  opts: { method?: string; headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await guardedFetch(
    url,
    {
      method: opts.method ?? (opts.form ? "POST" : "GET"),
      headers: opts.headers,
      body: opts.form ? new URLSearchParams(opts.form) : undefined,
    },
    guard(input),
  );
  return answerOf(response);
}

/** An answer's status, headers, text and, when it is JSON, its value. */
async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A JSON POST (the partner API). */
export function postJson(input: SsoCheckInput, url: string, body: unknown, headers: Record<string, string> = {}) {
  return guardedFetch(
    url,
    { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) },
    guard(input),
  ).then(answerOf);
}

/** A secret or token as the report may show it: its first characters and its length. */
export function mask(value: string | undefined | null): string {
  if (!value) return String(value);
  return value.length <= 8 ? "•".repeat(value.length) : `${value.slice(0, 4)}…(${value.length} chars)`;
}

/** A short, single-line excerpt of an answer for the report, any code or token in it masked. */
export function excerpt(text: string, max = 160): string {
  const line = maskTokens(text.replace(/\s+/g, " ").trim());
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** Codes and tokens masked wherever they show: a query or form (`code=…`) or JSON (`"access_token": "…"`). */
export function maskTokens(text: string): string {
  return text.replace(
    /\b(code|access_token|id_token|refresh_token)(=|"\s*:\s*")([^&#"\s]+)/g,
    (_, name: string, sep: string, value: string) => `${name}${sep}${mask(value)}`,
  );
}
