import type { Metadata } from "next";
import Link from "next/link";
import { Attribution } from "../_components/attribution";

export const metadata: Metadata = { title: "Operators", robots: { index: false, follow: false } };

/** The operators' pages: not a brand's, on any host. Each page checks the operator's session itself (./gate.tsx). */
export default function OpsLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="ops">
      <header className="brand-header">
        <nav className="ops-nav" aria-label="Operators' pages">
          <Link href="/ops" className="brand-logo">
            Operators
          </Link>
          <Link href="/ops">Status</Link>
          <Link href="/ops/sso">Sign-on</Link>
        </nav>
        <form method="post" action="/ops/logout">
          <button type="submit">Sign out</button>
        </form>
      </header>
      <main>{children}</main>
      <footer className="site">
        <Attribution />
      </footer>
    </div>
  );
}
