import { Cookie, domainMatch } from "tough-cookie";
import type { Cookie as KeptCookie } from "playwright-core";

/** A cookie a provider set that the browser did not keep, and the attribute that made it refuse it. */
export interface DroppedCookie {
  name: string;
  /** The attribute, in a partner's words: "SameSite=None without Secure". */
  why: string;
  /** Its Set-Cookie header with the value masked (the attributes as sent). */
  header: string;
  /** What to change. */
  fix: string;
}

/** A Set-Cookie header as a report may show it: the value masked, the attributes as sent. */
const masked = (header: string) => header.replace(/^([^=;]*)=([^;]*)/, (_, name: string) => `${name.trim()}=…`);

/**
 * Why a browser refuses a cookie, read from its attributes and the answer that set it (the rules Chromium and
 * Firefox apply, RFC 6265bis), or undefined when its attributes are fine.
 */
function refusal(cookie: Cookie, from: URL): { why: string; fix: string } | undefined {
  const host = from.hostname.replace(/^\[|\]$/g, "");
  if (cookie.sameSite === "none" && !cookie.secure)
    return {
      why: "SameSite=None without Secure: browsers refuse such a cookie",
      fix: "Add Secure (and serve the provider over https): spec §5 SSO rule 3 asks for SameSite=None; Secure.",
    };
  if (cookie.domain && !domainMatch(host, cookie.domain))
    return {
      why: `Domain=${cookie.domain}, which does not match the host ${host} that set it: browsers refuse it`,
      fix: `Set the cookie's Domain to ${host} or a parent domain of it (or leave Domain out).`,
    };
  if (cookie.secure && from.protocol === "http:" && !isLoopback(host))
    return {
      why: "Secure set by a plain-http answer: browsers refuse it",
      fix: "Serve the provider's pages over https (spec §5: traffic is HTTPS).",
    };
  if (cookie.key.startsWith("__Host-") && (!cookie.secure || cookie.domain || cookie.path !== "/"))
    return {
      why: "a __Host- cookie needs Secure, Path=/ and no Domain: browsers refuse it otherwise",
      fix: "Give the __Host- cookie Secure and Path=/, without Domain.",
    };
  if (cookie.key.startsWith("__Secure-") && !cookie.secure)
    return { why: "a __Secure- cookie without Secure: browsers refuse it", fix: "Add Secure." };
  return undefined;
}

const isLoopback = (host: string) => host === "localhost" || host.endsWith(".localhost") || /^127\.|^::1$/.test(host);

/**
 * The provider's cookies a browser refused: those its answers set (`sent`, each with the URL that set it) that the
 * browser does not keep (`kept`) and whose attributes say why. A cookie absent for another reason (deleted by a later
 * answer) is not one: only an attribute a browser refuses is named.
 */
export function droppedCookies(sent: { url: string; header: string }[], kept: KeptCookie[]): DroppedCookie[] {
  const keptNames = new Set(kept.map((c) => c.name));
  const dropped = new Map<string, DroppedCookie>();
  for (const { url, header } of sent) {
    const cookie = Cookie.parse(header, { loose: true });
    if (!cookie || keptNames.has(cookie.key) || cookie.TTL() <= 0 || !URL.canParse(url)) continue;
    const why = refusal(cookie, new URL(url));
    if (why) dropped.set(cookie.key, { name: cookie.key, header: masked(header), ...why });
  }
  return [...dropped.values()];
}

/** The dropped cookies in a sentence: "op_session (SameSite=None without Secure: …)". */
export function droppedText(dropped: DroppedCookie[]): string {
  return dropped.map((d) => `${d.name} (${d.why})`).join("; ");
}
