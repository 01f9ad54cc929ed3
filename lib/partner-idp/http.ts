import type { KoaContext } from "./koa";

/** Bodies of the partner's own routes (login form, scenario-B API) are small; anything larger is refused (413). */
export const MAX_BODY_BYTES = 16 * 1024;

export class BodyTooLarge extends Error {
  constructor() {
    super(`the body must be at most ${MAX_BODY_BYTES} bytes`);
  }
}

/**
 * The request body, read up to the limit. oidc-provider parses the bodies of its own routes; the routes here read
 * theirs with this. A declared length over the limit is refused before reading, an undeclared one once it passes it.
 */
export function readBody(ctx: KoaContext, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(ctx.get("content-length") || "0");
  if (declared > limit) return Promise.reject(new BodyTooLarge());
  const { req } = ctx;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      // Not destroyed (that would take the socket and the 413 with it): the rest flows on, unread.
      stop();
      req.resume();
      reject(new BodyTooLarge());
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/** The media type of the request, lower case, without parameters. */
export function mediaType(ctx: KoaContext): string {
  return (ctx.get("content-type").split(";")[0] ?? "").trim().toLowerCase();
}

/** A refused body: Node discards what is left of it, and the connection is not reused for another request. */
export function closeAfterResponse(ctx: KoaContext): void {
  ctx.set("Connection", "close");
}

/**
 * CSRF guard of the partner's forms: a POST must come from a page of this issuer (Origin, else Referer). Browsers
 * send Origin on every cross-site POST, so a forged form from another site fails here.
 */
export function isSameOrigin(ctx: KoaContext, issuer: string): boolean {
  const expected = new URL(issuer).origin;
  const origin = ctx.get("origin");
  if (origin) return origin === expected;
  const referer = ctx.get("referer");
  if (!referer) return false;
  try {
    return new URL(referer).origin === expected;
  } catch {
    return false;
  }
}

/** An HTML page of the partner's own; no scripts, no framing, no caching (it shows account data). */
export function sendHtml(ctx: KoaContext, status: number, html: string): void {
  ctx.status = status;
  ctx.type = "html";
  ctx.set("Cache-Control", "no-store");
  ctx.set(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'",
  );
  ctx.set("X-Content-Type-Options", "nosniff");
  // Not no-referrer: with it browsers send "Origin: null" on form POSTs, which the CSRF guard would refuse.
  ctx.set("Referrer-Policy", "same-origin");
  ctx.body = html;
}

export function sendJson(ctx: KoaContext, status: number, body: unknown): void {
  ctx.status = status;
  ctx.set("Cache-Control", "no-store");
  ctx.body = body;
}
