import type { Middleware } from "./koa";
import { log } from "@/lib/log";
import { sendHtml } from "./http";
import { errorPage } from "./pages";
import { renderProviderError, ROUTES } from "./provider";

/** Koa middleware around the partner's routes and oidc-provider's. */

/** A failure of the partner's own routes is logged and answered with a page, not Koa's plain-text 500. */
export const errorGuard: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    log.error({ err, path: ctx.path }, "partner IdP: request failed");
    sendHtml(ctx, 500, errorPage({ title: "Something went wrong", message: "Please try again in a moment." }));
  }
};

/** Paths nobody answered get the partner's 404 page. */
export const notFoundPage: Middleware = async (ctx, next) => {
  await next();
  if (ctx.status === 404 && ctx.body == null && ctx.respond !== false) {
    sendHtml(ctx, 404, errorPage({ title: "Page not found", message: "There is no page at this address." }));
  }
};

/**
 * spec §7 (scenario C): a response_type other than code is a 400 without a redirect. oidc-provider would redirect a
 * registered client back with error=unsupported_response_type (RFC 6749 4.1.2.1); the reference server answers 400
 * for every client, so a relying party configured for another flow fails at once and visibly.
 *
 * A prompt=none request without a session is left to oidc-provider: a redirect to redirect_uri with
 * error=login_required and the state (OIDC Core 3.1.2.6). spec §7's reference status for it is 401, but a 401 page
 * would strand the visitor on the IdP after the brand's top-level redirect; the reference IdP follows OIDC there.
 */
export const authorizeGuard: Middleware = async (ctx, next) => {
  if (ctx.path !== ROUTES.authorization) return next();
  // spec §4.4: GET authorize. oidc-provider also takes POST, whose response_type this guard could not see: refused.
  if (ctx.method !== "GET") {
    ctx.set("Allow", "GET");
    ctx.status = 405;
    return renderProviderError(ctx, {
      error: "invalid_request",
      error_description: "the authorization endpoint takes GET",
    });
  }
  const responseType = ctx.query.response_type;
  if (responseType === "code") return next();
  ctx.status = 400;
  await renderProviderError(ctx, {
    error: "unsupported_response_type",
    error_description:
      responseType === undefined
        ? "response_type is missing; this provider supports response_type=code only"
        : "this provider supports response_type=code only",
  });
};
