import type { CSSProperties } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { headers } from "next/headers";
import { brands, brandContext, BRAND_HEADERS, PREFERENCES_PATH } from "@/lib/brands";
import { messages, currencyLabel, languageLabel } from "@/lib/i18n";
import { Attribution } from "../_components/attribution";
import { brandPageMetadata } from "@/lib/seo";
import { Account, SsoNoticeBanner } from "./account";
import { PreferencesForm } from "./preferences-form";
import { Providers } from "./providers";

type Props = { children: React.ReactNode; params: Promise<{ brand: string }> };

export async function generateMetadata({ params }: Omit<Props, "children">): Promise<Metadata> {
  const { brand, preferences } = await brandContext((await params).brand);
  // Canonical URL, hreflang alternates and social cards (lib/seo), from the path and query proxy.ts saw.
  const path = (await headers()).get(BRAND_HEADERS.path) ?? "/";
  return {
    title: { default: brand.displayName, template: `%s · ${brand.displayName}` },
    icons: { icon: brand.theme.logo },
    ...brandPageMetadata(brand, path, preferences.language),
  };
}

/** Every brand page: the brand's look (theme as CSS variables), its header with the switchers, and the footer. */
/** The element whose parsing ends the page's shell (see the rel=expect link). */
const SHELL_END = "brand-shell-end";

export default async function BrandLayout({ children, params }: Props) {
  const { brand, preferences } = await brandContext((await params).brand);
  const m = messages(preferences.language);
  const sso = brands().sso(brand);
  const { colours, fonts } = brand.theme;
  const theme = {
    "--primary": colours.primary,
    "--accent": colours.accent,
    "--bg": colours.background,
    "--ink": colours.text,
    "--font-heading": fonts.heading,
    "--font-body": fonts.body,
  } as CSSProperties;
  return (
    <div className="brand" data-brand={brand.id} style={theme}>
      <header className="brand-header">
        <Link href="/" className="brand-logo">
          {/* eslint-disable-next-line @next/next/no-img-element -- brand logos are small SVGs from public/ */}
          <img src={brand.theme.logo} alt="" width={128} height={32} />
          <span className="brand-name">{brand.displayName}</span>
        </Link>
        <div className="header-tools">
          {/* Phone first: language and currency in a menu (a disclosure that needs no script), the header one row. */}
          <details className="header-menu">
            <summary>
              <span className="visually-hidden">{m.menuLabel}: </span>
              <span>
                {preferences.language.toUpperCase()} · {preferences.currency}
              </span>
            </summary>
            <div className="header-menu-panel">
              <Suspense>
                <PreferencesForm
                  action={PREFERENCES_PATH}
                  submitLabel={m.apply}
                  language={{
                    label: m.language,
                    value: preferences.language,
                    options: brand.languages.supported.map((l) => ({ value: l, label: languageLabel(l) })),
                  }}
                  currency={{
                    label: m.currency,
                    value: preferences.currency,
                    options: brand.currencies.supported.map((c) => ({
                      value: c,
                      label: currencyLabel(c, preferences.language),
                    })),
                  }}
                />
              </Suspense>
            </div>
          </details>
          {sso && <Account m={m} provider={sso.displayName} />}
        </div>
      </header>
      {sso && <SsoNoticeBanner m={m} provider={sso.displayName} />}
      <Providers>
        <main className="brand-main">{children}</main>
      </Providers>
      <footer className="brand-footer">
        <span>
          © {brand.displayName} · {preferences.currency}
        </span>
        <Attribution language={preferences.language} />
      </footer>
      {/*
       * The first paint waits until the page's shell is parsed (rel=expect, blocking=render; React hoists the link
       * into the head). The HTML streams in chunks, and a paint between two of them showed part of a row that the
       * next chunk completed: the header's tools without the account area, a sort menu with half its options, each
       * then pushing its neighbours aside (a layout shift). Parsing the shell takes milliseconds.
       */}
      <link rel="expect" href={`#${SHELL_END}`} blocking="render" />
      <span id={SHELL_END} hidden />
    </div>
  );
}
