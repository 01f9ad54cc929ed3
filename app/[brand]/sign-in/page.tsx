import type { Metadata } from "next";
import { SIGN_IN_FORM_PATH } from "@/lib/auth";
import { brands, brandContext } from "@/lib/brands";
import { format, messages } from "@/lib/i18n";

type Props = { params: Promise<{ brand: string }>; searchParams: Promise<{ error?: string }> };

export async function generateMetadata({ params }: Pick<Props, "params">): Promise<Metadata> {
  const { preferences } = await brandContext((await params).brand);
  return { title: messages(preferences.language).signIn, robots: { index: false } };
}

/** The brand's sign-in page: where Auth.js would have shown its own; one button to the partner's IdP. */
export default async function SignInPage({ params, searchParams }: Props) {
  const { brand, preferences } = await brandContext((await params).brand);
  const m = messages(preferences.language);
  const sso = brands().sso(brand);
  const { error } = await searchParams;
  return (
    <section className="sign-in">
      <h1>{m.signIn}</h1>
      {!sso ? (
        <p>{m.signInNotOffered}</p>
      ) : (
        <>
          {error && (
            <p className="sso-notice" role="status">
              {format(m.signInFailed, { provider: sso.displayName })}
            </p>
          )}
          <p>{format(m.signInIntro, { provider: sso.displayName })}</p>
          <form method="post" action={SIGN_IN_FORM_PATH}>
            <input type="hidden" name="return" value="/" />
            <button type="submit" className="primary">
              {format(m.signInWith, { provider: sso.displayName })}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
