import fs from "node:fs";
import path from "node:path";
import { routedPath } from "@/lib/http/node";

/**
 * The route label of a request: the app's route pattern as Next's build lists it (.next/routes-manifest.json), never
 * the raw path, so the label's values are as many as the app's routes. A brand site's page (served from
 * app/[brand]/… after proxy.ts's host rewrite) is labelled as its visitors see it: /hotels/[id], not
 * /[brand]/hotels/[id]. What no route serves gets a fixed label: Next's own files, the public folder's files, or
 * "(unmatched)".
 */
export const NEXT_FILES = "/_next/[...path]";
export const PUBLIC_FILE = "(public file)";
export const UNMATCHED = "(unmatched)";
const BRAND_SEGMENT = "/[brand]";

interface ManifestRoute {
  page: string;
  regex: string;
}

interface Pattern {
  page: string;
  regex: RegExp;
}

export type RouteLabeler = (target: string) => string;

/**
 * A labeler from the manifest's routes (static ones first, then dynamic ones in the manifest's order, most specific
 * first, as Next matches them) and the public folder's files.
 */
export function routeLabeler(
  manifest: { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] },
  publicFiles: ReadonlySet<string> = new Set(),
): RouteLabeler {
  const platform: Pattern[] = [];
  const brand: Pattern[] = [];
  for (const r of [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])]) {
    const pattern = { page: r.page, regex: new RegExp(r.regex) };
    if (r.page === BRAND_SEGMENT || r.page.startsWith(`${BRAND_SEGMENT}/`)) brand.push(pattern);
    else platform.push(pattern);
  }
  return (target) => {
    const p = routedPath(target);
    if (p.startsWith("/_next/")) return NEXT_FILES;
    if (publicFiles.has(p)) return PUBLIC_FILE;
    for (const r of platform) if (r.regex.test(p)) return r.page;
    // A brand's page: the path below app/[brand] (any segment stands for the brand there).
    const inBrand = `/b${p === "/" ? "" : p}`;
    for (const r of brand) if (r.regex.test(inBrand)) return r.page.slice(BRAND_SEGMENT.length) || "/";
    return UNMATCHED;
  };
}

/** The files of a public folder as request paths ("/brands/aurora.svg"). */
function publicFilesOf(dir: string): Set<string> {
  const files = new Set<string>();
  const walk = (d: string, prefix: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(d, entry.name), `${prefix}/${entry.name}`);
      else files.add(`${prefix}/${entry.name}`);
    }
  };
  if (fs.existsSync(dir)) walk(dir, "");
  return files;
}

/**
 * The labeler of the app built in `dir` (next build's .next and the public folder). Without a build manifest every
 * request is "(unmatched)": the metrics stay bounded rather than wrong.
 */
export function builtAppRouteLabeler(dir: string): RouteLabeler {
  const file = path.join(dir, ".next", "routes-manifest.json");
  const manifest = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, "utf8")) as Parameters<typeof routeLabeler>[0])
    : {};
  return routeLabeler(manifest, publicFilesOf(path.join(dir, "public")));
}

/** The method label: the methods the app answers, anything else "other" (a client chooses the method). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
export const methodLabel = (method: string | undefined) => (method && METHODS.has(method) ? method : "other");
