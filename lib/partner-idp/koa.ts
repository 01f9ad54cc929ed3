import type Koa from "koa";
import type Provider from "oidc-provider";
import type { KoaContextWithOIDC } from "oidc-provider";

/** The Koa context oidc-provider hands to its middleware (@types/oidc-provider's), and such a middleware. */
export type KoaContext = KoaContextWithOIDC;
export type Middleware = Koa.Middleware<Koa.DefaultState, KoaContextWithOIDC>;
/** A response mode's handler (provider.registerResponseMode). */
export type ResponseModeHandler = Parameters<Provider["registerResponseMode"]>[1];
