import { brands } from "@/lib/brands/node";
import { config } from "@/lib/config";
import { AppError, guardedFetch, OutboundRefused } from "@/lib/http/node";

/** Largest answer read from a partner IdP (discovery, key set, token, userinfo): a few KB in practice. */
const MAX_BYTES = 256 * 1024;

export function idpError(
  code: "IDP_UNAVAILABLE" | "IDP_BAD_RESPONSE" | "ID_TOKEN_INVALID",
  message: string,
  cause?: unknown,
) {
  return new AppError({ code, message, cause });
}

/**
 * A server-to-server request to a partner's identity provider, through the outbound guard (lib/http/outbound.ts):
 * only URLs the sign-on rules allow, every address the host resolves to public (loopback only under the development
 * switch), a time limit, no redirects followed (a 3xx is an error: its target was never checked), and an answer of
 * at most 256 KB.
 */
export async function idpFetch(
  url: string,
  init: RequestInit = {},
  timeoutMs = config().SSO_HTTP_TIMEOUT_MS,
): Promise<Response> {
  let response: Response;
  try {
    response = await guardedFetch(
      url,
      {
        method: init.method,
        headers: init.headers as Headers | Record<string, string>,
        body: init.body as string | URLSearchParams | undefined,
        signal: init.signal,
      },
      {
        allowLoopback: config().SSO_DEV_ALLOW_LOOPBACK,
        loopbackAllowed: issuerOrigins(),
        timeoutMs,
        maxBytes: MAX_BYTES,
      },
    );
  } catch (e) {
    if (e instanceof OutboundRefused) throw idpError("IDP_BAD_RESPONSE", `refused to call ${url}: ${e.message}`, e);
    const reason = (e as Error).name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : describeFailure(e);
    throw idpError("IDP_UNAVAILABLE", `${new URL(url).origin} did not answer: ${reason}`, e);
  }
  if (response.status >= 300 && response.status < 400)
    throw idpError(
      "IDP_BAD_RESPONSE",
      `${url} answered with a redirect (${response.status}); redirects are not followed`,
    );
  return response;
}

/**
 * Under the development switch, the brands' configured issuers are the only places on this machine a brand's server
 * may call (a name that resolves to loopback included); undefined when loopback is refused outright anyway.
 */
function issuerOrigins(): string[] | undefined {
  if (!config().SSO_DEV_ALLOW_LOOPBACK) return undefined;
  const registry = brands();
  return registry.brands.flatMap((b) => registry.sso(b)?.issuer ?? []);
}

/** A connection's failure reason ("ECONNREFUSED", a certificate error…). */
function describeFailure(e: unknown): string {
  const err = e as { code?: string; cause?: { code?: string; message?: string }; message?: string };
  return err.code ?? err.cause?.code ?? err.cause?.message ?? err.message ?? String(e);
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
