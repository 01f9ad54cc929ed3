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
        <footer className="site muted">
          Place data: <a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0) and{" "}
          <a href="https://ourairports.com/data/">OurAirports</a> (public domain).
        </footer>
      </body>
    </html>
  );
}
