import { config } from "@/lib/config";
import { AppError } from "@/lib/http/errors";
import { idpUrlProblem } from "@/lib/http/outbound";

/** Largest answer read from a partner IdP (discovery, key set, token, userinfo): a few KB in practice. */
const MAX_BYTES = 256 * 1024;

export function idpError(
  code: "IDP_UNAVAILABLE" | "IDP_BAD_RESPONSE" | "ID_TOKEN_INVALID",
  message: string,
  cause?: unknown,
) {
  return new AppError({ status: 502, code, message, cause });
}

/**
 * A server-to-server request to a partner's identity provider, guarded: only URLs the sign-on rules allow (https,
 * loopback only under the development switch), a time limit, no redirects followed (a 3xx is an error: its target
 * was never checked), and an answer of at most 256 KB, returned whole.
 */
export async function idpFetch(
  url: string,
  init: RequestInit = {},
  timeoutMs = config().SSO_HTTP_TIMEOUT_MS,
): Promise<Response> {
  const problem = idpUrlProblem(url, { allowLoopback: config().SSO_DEV_ALLOW_LOOPBACK });
  if (problem) throw idpError("IDP_BAD_RESPONSE", `refused to call ${url}: it ${problem}`);
  const signals = [AbortSignal.timeout(timeoutMs), ...(init.signal ? [init.signal] : [])];
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.any(signals) });
  } catch (e) {
    const reason = (e as Error).name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : describeFailure(e);
    throw idpError("IDP_UNAVAILABLE", `${new URL(url).origin} did not answer: ${reason}`, e);
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw idpError(
      "IDP_BAD_RESPONSE",
      `${url} answered with a redirect (${response.status}); redirects are not followed`,
    );
  }
  const body = await readLimited(response, url);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function readLimited(response: Response, url: string): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_BYTES) {
    await response.body?.cancel();
    throw idpError("IDP_BAD_RESPONSE", `${url} answered with ${declared} bytes (at most ${MAX_BYTES} are read)`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_BYTES) throw idpError("IDP_BAD_RESPONSE", `${url} answered with more than ${MAX_BYTES} bytes`);
      chunks.push(chunk);
    }
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/** undici wraps the reason of a failed connection in `cause` ("ECONNREFUSED", a certificate error…). */
function describeFailure(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (e as Error).message;
}

/** The JSON object of an IdP answer, or an IDP_BAD_RESPONSE naming what was wrong. */
export async function idpJson(response: Response, what: string): Promise<Record<string, unknown>> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw idpError("IDP_BAD_RESPONSE", `${what} is not JSON (status ${response.status})`);
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw idpError("IDP_BAD_RESPONSE", `${what} is not a JSON object (status ${response.status})`);
  return json as Record<string, unknown>;
}
