import type { Metadata } from "next";
import { headers } from "next/headers";
import { BRAND_HEADERS } from "@/lib/brands";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Hotels", template: "%s" },
  description: "Hotel content synced from the partner content export",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The visitor's language on brand pages (set by proxy.ts); English elsewhere (operators' pages, unknown hosts).
  const lang = (await headers()).get(BRAND_HEADERS.language) ?? "en";
  return (
    <html lang={lang}>
      <body>{children}</body>
    </html>
  );
}
