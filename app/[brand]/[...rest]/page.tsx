import { notFound } from "next/navigation";

/** Any other path on a brand's host: the brand's own 404 page (./not-found.tsx), in its look. */
export default function Unknown() {
  notFound();
}
