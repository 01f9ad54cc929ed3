import Link from "next/link";
import { headers } from "next/headers";
import { BRAND_HEADERS } from "@/lib/brands";
import { messages } from "@/lib/i18n";
import { toLanguage } from "@/lib/locale";

/** A page the brand's site does not have (an unknown hotel, say), inside the brand's look. */
export default async function BrandNotFound() {
  const m = messages(toLanguage((await headers()).get(BRAND_HEADERS.language) ?? "en") ?? "en");
  return (
    <section className="empty">
      <h1>{m.notFound}</h1>
      <p>{m.notFoundText}</p>
      <Link href="/">{m.home}</Link>
    </section>
  );
}
