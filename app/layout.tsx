import type { Metadata } from "next";
import Link from "next/link";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Hotel content", template: "%s · Hotel content" },
  description: "Hotel content synced from the partner content export",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site">
          <strong>
            <Link href="/">Hotel content</Link>
          </strong>
          <span className="muted">synced from the SFTP content export</span>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
