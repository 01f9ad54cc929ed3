import type Provider from "oidc-provider";
import type { Middleware, ResponseModeHandler } from "./koa";

/**
 * RFC 9207 switched off (PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS=false): authorization responses without `iss`, and
 * discovery saying so. oidc-provider 9 always adds `iss` (to codes and errors alike) and has no setting for it, so
 * its response modes are wrapped as the constructor registers them (query, fragment, form_post): the parameters lose
 * `iss` before they are written into the redirect or the form. Why a deployment would: docs/decisions.md, "RFC 9207".
 */
export function withoutIssParameter(Base: typeof Provider): typeof Provider {
  return class ProviderWithoutIss extends Base {
    override registerResponseMode(name: string, handler: ResponseModeHandler): void {
      super.registerResponseMode(name, function (this: Provider, ctx, redirectUri, payload) {
        const rest = { ...payload };
        delete rest.iss;
        return handler.call(this, ctx, redirectUri, rest);
      });
    }
  };
}

const DISCOVERY_PATH = "/.well-known/openid-configuration";

/** Discovery's authorization_response_iss_parameter_supported, false (oidc-provider always writes true). */
export const issParameterNotAdvertised: Middleware = async (ctx, next) => {
  await next();
  if (ctx.path !== DISCOVERY_PATH || typeof ctx.body !== "object" || ctx.body === null) return;
  // A new object: oidc-provider builds the document per request, but the body is its own.
  ctx.body = { ...(ctx.body as Record<string, unknown>), authorization_response_iss_parameter_supported: false };
};
