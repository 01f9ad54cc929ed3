import { createHash, timingSafeEqual } from "node:crypto";
import type { KoaContext, Middleware } from "./koa";
import { z } from "zod";
import { log } from "@/lib/log";
import { BodyTooLarge, closeAfterResponse, mediaType, readBody, sendJson } from "./http";
import { Throttled, type PartnerUserProfile, type UserDirectory } from "./users";

/**
 * The partner authentication API of scenario B (spec §4.5): a broker checks credentials and looks users up. Plain
 * REST with a shared key (spec §5 SSO rule 4); JSON in and out; client mistakes are 4xx, never 5xx.
 */
export const PARTNER_API_PREFIX = "/partner-api";

export interface PartnerApiDeps {
  /** Unset: the API answers 503 (not configured). */
  apiKey?: string;
  users: UserDirectory;
}

const email = z.string().min(1).max(320);
const validateBody = z.object({ email, password: z.string().min(1).max(1024) });
const getUserBody = z.object({ email });

/** spec §2.4 "User profile" of the broker-to-partner API. */
function userProfile(u: PartnerUserProfile) {
  return { user_id: u.sub, email: u.email, given_name: u.given_name, family_name: u.family_name };
}

/** spec §2.4 "Error body": { error }. */
function fail(ctx: KoaContext, status: number, error: string): void {
  sendJson(ctx, status, { error });
}

/** Compares digests, so neither the key's length nor its prefix can be learnt from timing. */
function keyMatches(header: string, apiKey: string): boolean {
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  if (!match) return false;
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(match[1]!), digest(apiKey));
}

/** The JSON body, or undefined once an error answer has been given. */
async function readJson(ctx: KoaContext): Promise<unknown> {
  if (mediaType(ctx) !== "application/json") {
    fail(ctx, 415, "Content-Type must be application/json");
    return undefined;
  }
  let text: string;
  try {
    text = (await readBody(ctx)).toString("utf8");
  } catch (e) {
    if (!(e instanceof BodyTooLarge)) throw e;
    closeAfterResponse(ctx);
    fail(ctx, 413, e.message);
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    fail(ctx, 400, "the body is not valid JSON");
    return undefined;
  }
}

async function validate(ctx: KoaContext, users: UserDirectory): Promise<void> {
  const raw = await readJson(ctx);
  if (raw === undefined) return;
  const body = validateBody.safeParse(raw);
  if (!body.success) return fail(ctx, 400, "email and password (strings) are required");
  let user;
  try {
    user = await users.authenticate(body.data.email, body.data.password);
  } catch (e) {
    if (!(e instanceof Throttled)) throw e;
    ctx.set("Retry-After", String(e.retryAfter));
    return fail(ctx, 429, e.message);
  }
  // spec §4.5: invalid credentials are 401, the same for an unknown e-mail and a wrong password.
  if (!user) return fail(ctx, 401, "invalid credentials");
  sendJson(ctx, 200, userProfile(user));
}

async function getUser(ctx: KoaContext, users: UserDirectory): Promise<void> {
  const raw = await readJson(ctx);
  if (raw === undefined) return;
  const body = getUserBody.safeParse(raw);
  if (!body.success) return fail(ctx, 400, "email (string) is required");
  const user = users.byEmail(body.data.email);
  // spec §4.5: an unknown user is 404 with an error body.
  if (!user) return fail(ctx, 404, "user not found");
  sendJson(ctx, 200, userProfile(user));
}

const ROUTES: Record<string, (ctx: KoaContext, users: UserDirectory) => Promise<void>> = {
  [`${PARTNER_API_PREFIX}/auth/validate`]: validate,
  [`${PARTNER_API_PREFIX}/auth/get-user`]: getUser,
};

export function partnerApiRoutes(deps: PartnerApiDeps): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== PARTNER_API_PREFIX && !ctx.path.startsWith(`${PARTNER_API_PREFIX}/`)) return next();
    const handler = ROUTES[ctx.path];
    if (!handler) return fail(ctx, 404, "not found");
    if (ctx.method !== "POST") {
      ctx.set("Allow", "POST");
      return fail(ctx, 405, "method not allowed");
    }
    if (!deps.apiKey) return fail(ctx, 503, "the partner API is not configured (no API key)");
    if (!keyMatches(ctx.get("authorization"), deps.apiKey)) {
      log.info({ path: ctx.path }, "partner IdP: partner API call without a valid key");
      ctx.set("WWW-Authenticate", 'Bearer realm="partner-api"');
      return fail(ctx, 401, "a valid API key is required (Authorization: Bearer <key>)");
    }
    await handler(ctx, deps.users);
  };
}
