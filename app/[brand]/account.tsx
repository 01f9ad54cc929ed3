import { headers } from "next/headers";
import { auth, SIGN_IN_FORM_PATH, SIGN_OUT_FORM_PATH, type BrandToken, type SsoNotice } from "@/lib/auth";
import { BRAND_HEADERS } from "@/lib/brands";
import { format, type Messages } from "@/lib/i18n";

/** Sign-in or the signed-in user's name with sign-out, in the header of every page of a brand with sign-on. */
export async function Account({ m, provider }: { m: Messages; provider: string }) {
  const [session, h] = await Promise.all([auth(), headers()]);
  const user = session?.user as Partial<BrandToken> | undefined;
  const back = h.get(BRAND_HEADERS.path) ?? "/";
  if (user?.username) {
    return (
      <form className="account" method="post" action={SIGN_OUT_FORM_PATH}>
        <input type="hidden" name="return" value={back} />
        <span className="account-name" data-username={user.username}>
          {format(m.signedInAs, { name: user.name ?? user.username })}
        </span>
        <button type="submit">{m.signOut}</button>
      </form>
    );
  }
  return (
    <form className="account" method="post" action={SIGN_IN_FORM_PATH}>
      <input type="hidden" name="return" value={back} />
      <button type="submit" title={format(m.signInWith, { provider })}>
        {m.signIn}
      </button>
    </form>
  );
}

/**
 * The one-time message of the page after a sign-on step: an interactive sign-in that did not complete (set by
 * /oauth2/idpresponse), an IdP that did not answer, or a sign-out (both set by the header's forms).
 */
export async function SsoNoticeBanner({ m, provider }: { m: Messages; provider: string }) {
  const notice = (await headers()).get(BRAND_HEADERS.ssoNotice) as SsoNotice | null;
  const text =
    notice === "failed"
      ? format(m.signInFailed, { provider })
      : notice === "unavailable"
        ? m.signInUnavailable
        : notice === "signedOut"
          ? m.signedOut
          : undefined;
  if (!text) return null;
  return (
    <p className="sso-notice" data-notice={notice} role="status">
      {text}
    </p>
  );
}
