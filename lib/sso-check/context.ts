import { createHash, randomBytes } from "node:crypto";
import { idpUrlProblem, isLoopbackHost, loopbackOriginProblem } from "@/lib/http/node";
import type { IdpBrowser } from "./browser";
import { droppedCookies, droppedText, type DroppedCookie } from "./cookie-drops";
import { providerOrigins } from "./http";
import type { SsoCheckInput } from "./input";
import type { CheckItemId, CheckResult } from "./items";

const random = () => randomBytes(16).toString("base64url");
/** The longest reason or "what was seen" a result keeps. */
const MAX_SHOWN = 500;

/** One authorization code the validator obtained, with what its authorize request sent. */
export interface Code {
  code: string;
  verifier: string;
  nonce: string;
}

/**
 * Why the validator may not call an endpoint a discovery document names, or undefined: the outbound rules (https;
 * this machine only under the development switch), and there only at the origins of the providers the input names.
 */
export function endpointProblem(input: SsoCheckInput, value: string): string | undefined {
  const problem = idpUrlProblem(value, { allowLoopback: input.allowLoopback });
  if (problem) return problem;
  const url = new URL(value);
  return isLoopbackHost(url.hostname) ? loopbackOriginProblem(url, providerOrigins(input)) : undefined;
}

/** An authorize request the validator made: its number in the run, what set it apart, its secrets. */
export interface SentRequest {
  n: number;
  /** The parameters it set beyond a brand's usual request ("prompt=none"), or "" for the usual one. */
  extra: string;
  state: string;
  nonce: string;
  verifier: string;
}

/** A run of the checklist: its input, what earlier items found, the results as they come. */
export class CheckRun {
  readonly results: CheckResult[] = [];
  /** The discovery document, once it was read as JSON. */
  discovery?: Record<string, unknown>;
  browser?: IdpBrowser;
  /** Whether the browser holds a session at the provider (after the interactive sign-in). */
  signedIn = false;
  /** The interactive sign-in's code (exchanged first, by client_secret_post). */
  firstCode?: Code;
  /** The token response of that exchange, and the nonce its authorize request sent. */
  tokens?: { access_token?: unknown; id_token?: unknown; token_type?: unknown; expires_in?: unknown; nonce: string };
  /** The keys of the key set, as fetched. */
  keys: Record<string, unknown>[] = [];
  /**
   * Every authorize request of the run, by state: a provider that answers another request than the one just sent (one
   * it remembered) is named, and its code is still exchanged with that request's verifier and nonce.
   */
  readonly sent = new Map<string, SentRequest>();
  /** The provider's cookies the browser refused at the sign-in, and the attribute why (read after it). */
  droppedCookies: DroppedCookie[] = [];
  /** Authorize refusals whose answer without a session was the login page: checked again with the session. */
  readonly refusalsWithSession: { id: CheckItemId; withoutSession: string }[] = [];
  private started = performance.now();

  constructor(
    readonly input: SsoCheckInput,
    private readonly onResult?: (result: CheckResult) => void,
  ) {}

  private record(
    id: CheckItemId,
    status: CheckResult["status"],
    reason: string,
    extra: { seen?: string; hint?: string },
  ) {
    const now = performance.now();
    const result: CheckResult = {
      id,
      status,
      reason: this.shown(reason),
      ...(extra.seen !== undefined && { seen: this.shown(extra.seen) }),
      ...(extra.hint !== undefined && { hint: extra.hint }),
      ms: Math.round(now - this.started),
    };
    this.started = now;
    this.results.push(result);
    this.onResult?.(result);
  }

  /**
   * Text of the provider's as a report may keep it: at most 500 characters, never a secret of the input, as it is or
   * URL-encoded (a provider that echoes a request would otherwise put the client secret or the test user's password
   * in the report), and no control character (a terminal would obey escape sequences in the command's table).
   */
  private shown(text: string): string {
    const { clientSecret, user, partnerApi, otherClient } = this.input;
    let out = text.replace(/[\t\n\r]/g, " ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
    for (const secret of [clientSecret, user?.password, partnerApi?.key, otherClient?.clientSecret])
      if (secret && secret.length >= 4)
        for (const form of new Set([
          secret,
          encodeURIComponent(secret),
          encodeURIComponent(secret).replace(/%20/g, "+"),
        ]))
          out = out.split(form).join("•••");
    return out.length > MAX_SHOWN ? `${out.slice(0, MAX_SHOWN)}…` : out;
  }

  pass(id: CheckItemId, reason: string, seen?: string) {
    this.record(id, "pass", reason, { seen });
  }
  fail(id: CheckItemId, reason: string, extra: { seen?: string; hint?: string } = {}) {
    this.record(id, "fail", reason, extra);
  }
  /** Could not check (a missing input, or an earlier item's failure), with the reason. */
  skip(id: CheckItemId, reason: string) {
    this.record(id, "skipped", reason, {});
  }
  /** Skips every item of the list that has no result yet. */
  skipRest(ids: readonly CheckItemId[], reason: string) {
    for (const id of ids) if (!this.results.some((r) => r.id === id)) this.skip(id, reason);
  }
  has(id: CheckItemId): CheckResult | undefined {
    return this.results.find((r) => r.id === id);
  }

  /**
   * Reads which of the provider's cookies the browser refused since it opened (after the sign-in): items that find
   * no session name the attribute instead of "the sign-in did not complete".
   */
  async readDroppedCookies(): Promise<void> {
    if (!this.browser) return;
    this.droppedCookies = droppedCookies(await this.browser.setCookieLog(), await this.browser.context.cookies());
  }

  /**
   * Why the browser holds no session at the provider, as the items needing one say it: a cookie it refused, named
   * with the attribute, else `otherwise` ("the sign-in did not complete").
   */
  noSession(otherwise?: string): string {
    const why = this.droppedCookies.length
      ? `the browser refused its cookie ${droppedText(this.droppedCookies)}`
      : otherwise;
    return `no session at the provider${why ? `: ${why}` : ""}`;
  }

  /** An endpoint the discovery document names, when the outbound rules allow it (discovery.fields says why not). */
  endpoint(name: string): string | undefined {
    const value = this.discovery?.[name];
    return typeof value === "string" && !endpointProblem(this.input, value) ? value : undefined;
  }

  /** An authorize URL: code flow, scope openid email profile, state, nonce and PKCE S256 (as a brand sends it). */
  authorizeUrl(params: Record<string, string | undefined> = {}): {
    url: string;
    state: string;
    nonce: string;
    verifier: string;
  } {
    const state = random();
    const nonce = random();
    const verifier = random() + random();
    const url = new URL(this.endpoint("authorization_endpoint")!);
    const query: Record<string, string | undefined> = {
      response_type: "code",
      client_id: this.input.clientId,
      redirect_uri: this.input.redirectUri,
      scope: "openid email profile",
      state,
      nonce,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      ...params,
    };
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
    const extra = Object.entries(params)
      .map(([k, v]) => (v === undefined ? `no ${k}` : `${k}=${v}`))
      .join(", ");
    this.sent.set(state, { n: this.sent.size + 1, extra, state, nonce, verifier });
    return { url: url.href, state, nonce, verifier };
  }

  /** A code the provider redirected with, and the request it belongs to by its state (undefined: none of ours). */
  codeOf(redirect: URL): { code?: Code; request?: SentRequest } {
    const code = redirect.searchParams.get("code");
    const request = this.sent.get(redirect.searchParams.get("state") ?? "");
    if (!code || !request) return { request };
    return { code: { code, verifier: request.verifier, nonce: request.nonce }, request };
  }

  /**
   * A fresh code, by a silent authorize in the browser that holds the session (undefined when none came). Tried
   * whenever the browser may hold one, whatever the items before concluded: the code answers the request its state
   * names.
   */
  async freshCode(): Promise<Code | undefined> {
    if (!this.browser || !this.input.user) return undefined;
    const request = this.authorizeUrl({ prompt: "none" });
    const outcome = await this.browser.authorize(request.url);
    if (outcome.kind !== "redirect") return undefined;
    const { code } = this.codeOf(outcome.url);
    if (code) this.signedIn = true;
    return code;
  }
}
