import type { Interaction, Provider } from "oidc-provider";
import type { KoaContext, Middleware } from "./koa";
import { log } from "@/lib/log";
import { BodyTooLarge, closeAfterResponse, isSameOrigin, mediaType, readBody, sendHtml } from "./http";
import { errorPage, loginPage } from "./pages";
import { firstPartyGrant } from "./provider";
import { DEMO_PASSWORD, demoUsers, Throttled, type UserDirectory } from "./users";

/**
 * The partner's login page (spec §4.4 rule 2): oidc-provider sends a browser without a session to /login/<uid>; a
 * correct e-mail and password finish the interaction, oidc-provider sets the session cookie and redirects back with a
 * code. A consent step never shows: every registered client is the partner's own.
 */
export interface InteractionDeps {
  provider: Provider;
  issuer: string;
  users: UserDirectory;
  /** Display names of the clients, by client id. */
  clientNames: Map<string, string>;
}

const LOGIN_PATH = /^\/login\/([A-Za-z0-9_-]{1,64})$/;
const MAX_FIELD_LENGTH = 1024;
/** The same message for an unknown e-mail and a wrong password: the form never tells which accounts exist. */
const BAD_CREDENTIALS = "The e-mail address or the password is not correct.";

function expired(ctx: KoaContext): void {
  sendHtml(
    ctx,
    400,
    errorPage({
      title: "Sign-in expired",
      message: "This sign-in has expired or is already complete. Go back to the site you came from and sign in again.",
    }),
  );
}

async function findInteraction(ctx: KoaContext, provider: Provider, uid: string): Promise<Interaction | undefined> {
  try {
    const interaction = await provider.interactionDetails(ctx.req, ctx.res);
    return interaction.uid === uid ? interaction : undefined;
  } catch {
    // SessionNotFound: no interaction cookie, or the interaction is gone (expired, finished).
    return undefined;
  }
}

/** The few interactions that still ask for consent (e.g. a claims request) are granted at once, first-party. */
async function finishConsent(ctx: KoaContext, deps: InteractionDeps, interaction: Interaction): Promise<void> {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || typeof clientId !== "string") return expired(ctx);
  const grant = await firstPartyGrant(deps.provider, accountId, clientId);
  await deps.provider.interactionFinished(ctx.req, ctx.res, { consent: { grantId: grant.jti } });
  ctx.respond = false;
}

function renderLogin(ctx: KoaContext, deps: InteractionDeps, interaction: Interaction, status = 200, email?: string) {
  const clientId = String(interaction.params.client_id ?? "");
  const demoUser = demoUsers[0];
  sendHtml(
    ctx,
    status,
    loginPage({
      uid: interaction.uid,
      clientName: deps.clientNames.get(clientId) ?? clientId,
      email,
      error: status === 401 ? BAD_CREDENTIALS : undefined,
      demo: deps.users.isDemo && demoUser ? { email: demoUser.email, password: DEMO_PASSWORD } : undefined,
    }),
  );
}

async function showInteraction(ctx: KoaContext, deps: InteractionDeps, uid: string): Promise<void> {
  const interaction = await findInteraction(ctx, deps.provider, uid);
  if (!interaction) return expired(ctx);
  if (interaction.prompt.name === "consent") return finishConsent(ctx, deps, interaction);
  renderLogin(ctx, deps, interaction);
}

async function submitLogin(ctx: KoaContext, deps: InteractionDeps, uid: string): Promise<void> {
  if (!isSameOrigin(ctx, deps.issuer)) {
    return sendHtml(
      ctx,
      403,
      errorPage({ title: "Request refused", message: "The form was not sent from this site." }),
    );
  }
  if (mediaType(ctx) !== "application/x-www-form-urlencoded") {
    return sendHtml(ctx, 415, errorPage({ title: "Request refused", message: "The sign-in form could not be read." }));
  }
  let form: URLSearchParams;
  try {
    form = new URLSearchParams((await readBody(ctx)).toString("utf8"));
  } catch (e) {
    if (!(e instanceof BodyTooLarge)) throw e;
    closeAfterResponse(ctx);
    return sendHtml(ctx, 413, errorPage({ title: "Request refused", message: "The sign-in form is too large." }));
  }
  const interaction = await findInteraction(ctx, deps.provider, uid);
  if (!interaction || interaction.prompt.name !== "login") return expired(ctx);

  const email = (form.get("email") ?? "").slice(0, MAX_FIELD_LENGTH);
  const password = (form.get("password") ?? "").slice(0, MAX_FIELD_LENGTH);
  let user;
  try {
    user = email && password ? await deps.users.authenticate(email, password) : undefined;
  } catch (e) {
    if (!(e instanceof Throttled)) throw e;
    log.info({ clientId: interaction.params.client_id }, "partner IdP: sign-in paused for this address (failures)");
    ctx.set("Retry-After", String(e.retryAfter));
    return sendHtml(
      ctx,
      429,
      errorPage({ title: "Too many attempts", message: `Sign-in for this address is paused: ${e.message}.` }),
    );
  }
  if (!user) {
    log.info({ clientId: interaction.params.client_id }, "partner IdP: sign-in refused (bad credentials)");
    return renderLogin(ctx, deps, interaction, 401, email);
  }
  log.info({ sub: user.sub, clientId: interaction.params.client_id }, "partner IdP: signed in");
  await deps.provider.interactionFinished(
    ctx.req,
    ctx.res,
    { login: { accountId: user.sub } },
    { mergeWithLastSubmission: false },
  );
  // interactionFinished answered (303 to oidc-provider's resume URL) on the raw response.
  ctx.respond = false;
}

export function interactionRoutes(deps: InteractionDeps): Middleware {
  return async (ctx, next) => {
    const uid = LOGIN_PATH.exec(ctx.path)?.[1];
    if (!uid) return next();
    if (ctx.method === "GET") return showInteraction(ctx, deps, uid);
    if (ctx.method === "POST") return submitLogin(ctx, deps, uid);
    ctx.set("Allow", "GET, POST");
    sendHtml(ctx, 405, errorPage({ title: "Request refused", message: "This page takes GET and POST only." }));
  };
}
