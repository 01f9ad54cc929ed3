import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { brands } from "@/lib/brands";
import { linkStatus, LINK_PROBLEMS, SELF_SIGN_PATH } from "@/lib/onboarding";
import { headersOrigin } from "@/lib/http";
import { store } from "@/lib/store";

export const dynamic = "force-dynamic";
// The link's token is in this page's address: no other site is told it (no-referrer would also make the Start
// form's Origin "null", which the same-origin check refuses).
export const metadata: Metadata = {
  title: "Sign in yourself",
  robots: { index: false, follow: false },
  referrer: "same-origin",
};

type Props = { params: Promise<{ link: string }> };

/**
 * The one-time link an operator handed to a partner (lib/onboarding/self-sign.ts): what will happen, and Start. Looking
 * at it changes nothing (a link preview must not use it up); Start is a form of this page.
 */
export default async function SelfSignLink({ params }: Props) {
  const h = await headers();
  const brand = brands().forHost(h.get("host"));
  if (!brand) notFound();
  const { link } = await params;
  const status = await linkStatus((await store()).db, brand, headersOrigin(h), link);
  return (
    <main className="self-sign">
      <h1>Sign in yourself</h1>
      {"problem" in status ? (
        <p role="alert" data-problem={status.problem}>
          {LINK_PROBLEMS[status.problem]}
        </p>
      ) : (
        <>
          <p>
            An operator of {brand.displayName} asks you to check your identity provider,{" "}
            <code>{new URL(status.run.data.input.issuer).origin}</code>, with a sign-in of your own in this browser: for
            what no robot may do (a second factor, a captcha, another provider in between).
          </p>
          <ol>
            <li>Press Start: this browser goes to your provider. Sign in as you would, however it asks.</li>
            <li>
              It comes back to {brand.displayName}&apos;s registered callback, then goes to your provider{" "}
              {status.run.data.plan.length - 1} more times without showing a page (silent sign-ins, prompt=none), one
              page of progress each. Nobody is signed in to {brand.displayName}.
            </li>
            <li>The report shows here, and is kept for {brand.displayName}&apos;s operators.</li>
          </ol>
          <p className="muted">
            This link starts one run, in one browser, until {new Date(status.run.expiresAt).toUTCString()}.
          </p>
          <form method="post" action={`${SELF_SIGN_PATH}/start`}>
            <input type="hidden" name="link" value={link} />
            <button className="button" type="submit">
              Start
            </button>
          </form>
        </>
      )}
    </main>
  );
}
