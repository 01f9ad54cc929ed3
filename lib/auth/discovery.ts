import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { idpUrlProblem, isLoopbackHost, loopbackOriginProblem } from "@/lib/http/node";
import { processShared } from "@/lib/runtime";
import { idpError, idpFetch, idpJson } from "./idp-fetch";

/** The parts of a partner's discovery document (spec §2.4) the relying party uses. */
export interface IdpMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri: string;
}

interface IssuerState {
  metadata?: IdpMetadata;
  fetchedAt: number;
  /** Last time the IdP answered us (discovery, keys, token). */
  lastContact: number;
  /** While now < openUntil the IdP counts as down: no silent login is tried. */
  openUntil: number;
  inflight?: Promise<IdpMetadata>;
}

/** Discovery documents are kept this long; endpoints rarely move. */
const METADATA_TTL_MS = 10 * 60_000;
/** A visitor's first page waits at most this long for a probe of the IdP before a silent login. */
const PROBE_TIMEOUT_MS = 1500;
/** How late a timer must fire to count the event loop as stalled (and the grace then given to arrived I/O). */
const LATE_TIMER_MS = 100;

const issuers = processShared("idp-issuers", () => new Map<string, IssuerState>());

function stateOf(issuer: string): IssuerState {
  let s = issuers.get(issuer);
  if (!s) issuers.set(issuer, (s = { fetchedAt: 0, lastContact: 0, openUntil: 0 }));
  return s;
}

/** OIDC Discovery 1.0 §4: the document lives at the issuer with "/.well-known/openid-configuration" appended. */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
}

/** Checks a discovery document: issuer identical to the configured one (spec §2.4), endpoints the rules allow. */
export function parseMetadata(issuer: string, doc: Record<string, unknown>): IdpMetadata {
  if (doc.issuer !== issuer)
    throw idpError(
      "IDP_BAD_RESPONSE",
      `the discovery document's issuer ${JSON.stringify(doc.issuer)} is not the configured issuer ${JSON.stringify(issuer)}`,
    );
  const allowLoopback = config().SSO_DEV_ALLOW_LOOPBACK;
  const endpoint = (name: keyof IdpMetadata, required: boolean): string | undefined => {
    const value = doc[name];
    if (value === undefined && !required) return undefined;
    if (typeof value !== "string") throw idpError("IDP_BAD_RESPONSE", `the discovery document has no ${name}`);
    // Under the development switch an endpoint the brand's server calls (not the authorize endpoint: the browser
    // goes there) must be the issuer's own origin when it is on this machine: a document naming another local port
    // would aim the server's requests at whatever listens there.
    const url = URL.canParse(value) ? new URL(value) : undefined;
    const serverSide = name !== "authorization_endpoint";
    const problem =
      idpUrlProblem(value, { allowLoopback }) ??
      (serverSide && url && isLoopbackHost(url.hostname) ? loopbackOriginProblem(url, [issuer]) : undefined);
    if (problem) throw idpError("IDP_BAD_RESPONSE", `the discovery document's ${name} ${problem}`);
    return value;
  };
  const metadata: IdpMetadata = {
    issuer,
    authorization_endpoint: endpoint("authorization_endpoint", true)!,
    token_endpoint: endpoint("token_endpoint", true)!,
    jwks_uri: endpoint("jwks_uri", true)!,
  };
  const userinfo = endpoint("userinfo_endpoint", false);
  if (userinfo) metadata.userinfo_endpoint = userinfo;
  return metadata;
}

async function fetchMetadata(issuer: string): Promise<IdpMetadata> {
  const s = stateOf(issuer);
  s.inflight ??= (async () => {
    try {
      const response = await idpFetch(discoveryUrl(issuer), { headers: { accept: "application/json" } });
      if (!response.ok) throw idpError("IDP_BAD_RESPONSE", `discovery answered ${response.status}`);
      const metadata = parseMetadata(issuer, await idpJson(response, "the discovery document"));
      s.metadata = metadata;
      s.fetchedAt = s.lastContact = Date.now();
      s.openUntil = 0;
      return metadata;
    } catch (e) {
      reportIdpFailure(issuer, e);
      throw e;
    } finally {
      s.inflight = undefined;
    }
  })();
  return s.inflight;
}

/** The issuer's discovery document: cached for ten minutes, fetched again after. Throws when it cannot be had. */
export async function idpMetadata(issuer: string): Promise<IdpMetadata> {
  const s = stateOf(issuer);
  if (s.metadata && Date.now() - s.fetchedAt < METADATA_TTL_MS) return s.metadata;
  return fetchMetadata(issuer);
}

/** The cached discovery document, without any request (pages reading a session need no endpoints). */
export function cachedMetadata(issuer: string): IdpMetadata | undefined {
  return stateOf(issuer).metadata;
}

/**
 * Whether a silent login may send a visitor to this IdP now. A visitor redirected to an IdP that does not answer
 * sees a browser error page, which the brand can never undo; so the IdP must have answered within the last
 * SSO_IDP_CHECK_SECONDS, else it is probed (discovery). The visitor waits 1.5 s at most for the probe; the verdict on
 * the IdP is the probe's own (SSO_HTTP_TIMEOUT_MS): a failure opens the circuit, no attempt and no probe for
 * SSO_IDP_RETRY_SECONDS, while a probe that answers after the visitor stopped waiting keeps it closed.
 */
export async function idpAvailable(issuer: string): Promise<boolean> {
  const s = stateOf(issuer);
  const now = Date.now();
  if (now < s.openUntil) return false;
  if (s.metadata && now - s.lastContact < config().SSO_IDP_CHECK_SECONDS * 1000) return true;
  return withinProbeWait(
    fetchMetadata(issuer).then(
      () => true,
      () => false,
    ),
  );
}

/**
 * The probe's answer, or false after PROBE_TIMEOUT_MS. A timer that fires late because the event loop was busy
 * elsewhere (a long task of this process) gives the I/O that arrived meanwhile a moment to be read: the process's
 * own stall is not the IdP's delay.
 */
export function withinProbeWait(answer: Promise<boolean>): Promise<boolean> {
  return new Promise((resolve) => {
    const started = performance.now();
    let graced = false;
    const expire = () => {
      if (!graced && performance.now() - started - PROBE_TIMEOUT_MS > LATE_TIMER_MS) {
        graced = true;
        timer = setTimeout(expire, LATE_TIMER_MS);
        return;
      }
      resolve(false);
    };
    let timer = setTimeout(expire, PROBE_TIMEOUT_MS);
    void answer.then((ok) => {
      clearTimeout(timer);
      resolve(ok);
    });
  });
}

/** At start: each issuer's discovery document, so the first visitors need no probe. Failures open the circuit. */
export function warmUpIdps(issuers: string[]): void {
  for (const issuer of new Set(issuers)) void fetchMetadata(issuer).catch(() => undefined);
}

export function reportIdpContact(issuer: string): void {
  stateOf(issuer).lastContact = Date.now();
}

/** The IdP failed to answer (or answered nonsense): open the circuit. */
export function reportIdpFailure(issuer: string, e: unknown): void {
  const s = stateOf(issuer);
  const wasOpen = Date.now() < s.openUntil;
  s.openUntil = Date.now() + config().SSO_IDP_RETRY_SECONDS * 1000;
  if (!wasOpen)
    log.warn(
      { issuer, code: (e as { code?: string }).code, err: (e as Error).message },
      "sign-on: identity provider unavailable; silent login paused",
    );
}
