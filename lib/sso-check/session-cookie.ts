import type { Cookie } from "playwright-core";
import type { CheckRun } from "./context";
import { droppedText } from "./cookie-drops";

/** How many of the provider's cookies are tried one by one to find the session's. */
const MAX_CANDIDATES = 10;

const describe = (c: Cookie, raw?: string) =>
  `${c.name}: SameSite=${raw && !/;\s*samesite=/i.test(raw) ? "not set (browsers treat it as Lax)" : c.sameSite}, ` +
  `${c.secure ? "Secure" : "not Secure"}, ${c.httpOnly ? "HttpOnly" : "not HttpOnly"}, ` +
  (c.expires > 0 ? `expires ${new Date(c.expires * 1000).toISOString()}` : "a browser-session cookie");

/**
 * The provider's session cookie, as a real browser keeps it (spec §4.7 check 9, §5 SSO rule 3): SameSite=None and
 * Secure (HttpOnly and its lifetime are reported). The session cookies are found by trying: a cookie without which a
 * silent authorize no longer returns a code is one.
 */
export async function checkSessionCookie(run: CheckRun): Promise<void> {
  // A cookie the browser refused when no session works silently is the session's: its attribute is the finding.
  if (run.droppedCookies.length && run.has("authorize.silent")?.status !== "pass")
    return run.fail("session_cookie", `the browser refused the provider's cookie ${droppedText(run.droppedCookies)}`, {
      seen: run.droppedCookies.map((d) => `Set-Cookie: ${d.header}`).join("; "),
      hint: run.droppedCookies.map((d) => `${d.name}: ${d.fix}`).join(" "),
    });
  if (!run.browser || !run.signedIn)
    return run.skip("session_cookie", "no session at the provider (no signed-in browser)");
  const cookies = await run.browser.providerCookies();
  if (!cookies.length)
    return run.fail("session_cookie", "the browser keeps no cookie of the provider after signing in", {
      hint: "A session cookie is how the provider recognises the visitor on a brand's silent redirect.",
    });
  const session: Cookie[] = [];
  for (const candidate of cookies.slice(0, MAX_CANDIDATES)) {
    const context = await run.browser.contextWith(cookies.filter((c) => c !== candidate));
    try {
      const outcome = await run.browser.authorize(run.authorizeUrl({ prompt: "none" }).url, { context });
      if (outcome.kind !== "redirect" || !outcome.url.searchParams.get("code")) session.push(candidate);
    } finally {
      await context.close();
    }
  }
  const judged = session.length ? session : cookies;
  const raw = (name: string) => [...run.browser!.setCookies].reverse().find((h) => h.startsWith(`${name}=`));
  const seen = judged.map((c) => describe(c, raw(c.name))).join("; ");
  const bad = judged.filter(
    (c) => c.sameSite !== "None" || !c.secure || (raw(c.name) && !/;\s*samesite=none/i.test(raw(c.name)!)),
  );
  const which = session.length ? "the session cookie" : "the provider's cookies (none alone carries the session)";
  if (!bad.length) return run.pass("session_cookie", `${which}: SameSite=None; Secure`, seen);
  const lax = bad.some((c) => c.sameSite !== "None");
  run.fail(
    "session_cookie",
    `${which}: ${bad.map((c) => c.name).join(", ")} ${lax ? "not SameSite=None" : "not Secure"}`,
    {
      seen,
      hint: lax
        ? "Your session cookie is not SameSite=None: browsers do not send a Lax or Strict cookie on cross-site requests other than top-level GET navigations (form posts, frames, fetches), and privacy settings withhold it further; spec §5 rule 3 requires SameSite=None; Secure."
        : "Your session cookie is not Secure: browsers refuse SameSite=None without Secure; set both (spec §5 rule 3).",
    },
  );
}
