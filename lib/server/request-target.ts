import type http from "node:http";
import { AppError, errorResponse } from "@/lib/http/node";

const ABSOLUTE_FORM = /^(https?):\/\/([^/?#]*)/i;
const DEFAULT_PORTS: Record<string, string> = { http: "80", https: "443" };

/** A Host (or a target's authority) as compared: lower case, without the scheme's default port. */
function authorityOf(scheme: string, authority: string): string {
  const lower = authority.toLowerCase();
  const port = DEFAULT_PORTS[scheme];
  return port && lower.endsWith(`:${port}`) ? lower.slice(0, -port.length - 1) : lower;
}

/**
 * An absolute-form request target (`GET http://host/x HTTP/1.1`, what clients send to a forward proxy) made the
 * origin-form request it stands for, or refused.
 *
 * RFC 9112 §3.2.2 has an origin server take the authority from such a target and ignore Host. Everything here reads
 * Host (the brand, the operators' hosts, every URL built for the browser), and so does whatever proxy or cache stands
 * in front: honouring the target's authority would serve one host's answer under another's name. So a target naming
 * the Host's own authority is served as its origin form (where both readings agree), and any other is a 400: a
 * mismatch is a confused proxy or someone probing, never a browser. Given the absolute form as it came, Next took
 * its "//" for repeated slashes and answered a cacheable 308 to the target's host, whatever that was.
 *
 * Returns the refusal to send, or undefined when the request may go on (its req.url then in origin form).
 */
export function absoluteFormRefusal(req: http.IncomingMessage): Response | undefined {
  const target = req.url ?? "";
  const m = ABSOLUTE_FORM.exec(target);
  if (!m) return undefined;
  const scheme = m[1]!.toLowerCase();
  const authority = m[2]!;
  const host = req.headers.host;
  // No user information in a request target (RFC 9110 §4.2.4), and the authority must be the Host's.
  if (authority.includes("@") || !host || authorityOf(scheme, authority) !== authorityOf(scheme, host)) {
    return errorResponse(
      new AppError({
        code: "INVALID_REQUEST_TARGET",
        message: "The request target names another host than the Host header: send the path alone",
      }),
    );
  }
  const rest = target.slice(m[0].length);
  req.url = rest.startsWith("/") ? rest : `/${rest}`;
  return undefined;
}

/** Next's own response headers, for its proxy and router only (x-middleware-rewrite names the internal path). */
const INTERNAL_HEADER = /^x-middleware-/i;

/**
 * Keeps Next's internal x-middleware-* headers out of the response: they are set with setHeader before the answer
 * starts, so they are removed when it starts (writeHead, which Node also calls for an answer that never calls it).
 * The App Router's client reads x-nextjs-rewritten-path, never these.
 */
export function dropInternalHeaders(res: http.ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    for (const name of this.getHeaderNames()) if (INTERNAL_HEADER.test(name)) this.removeHeader(name);
    const at = args.findIndex((a, i) => i > 0 && typeof a === "object" && a !== null);
    const headers = args[at];
    if (Array.isArray(headers)) {
      // Node's flat form [name, value, name, value…]: the pairs kept, in order.
      args[at] = headers.filter(
        (_: unknown, i: number, all: unknown[]) => !INTERNAL_HEADER.test(String(all[i - (i % 2)])),
      );
    } else if (headers) {
      for (const name of Object.keys(headers)) {
        if (INTERNAL_HEADER.test(name)) delete (headers as Record<string, unknown>)[name];
      }
    }
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}
