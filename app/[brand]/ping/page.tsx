import type { Metadata } from "next";
import { brandContext } from "@/lib/brands";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Up", robots: { index: false, follow: false } };

/**
 * A brand site's uptime page: answers through the same proxy and layout as every page of the brand, without any
 * content work (monitoring checks each brand host with it; bench:pages uses it as its trivial dynamic page).
 */
export default async function Ping({ params }: { params: Promise<{ brand: string }> }) {
  const { brand } = await brandContext((await params).brand);
  return <p>{brand.displayName} is up.</p>;
}
