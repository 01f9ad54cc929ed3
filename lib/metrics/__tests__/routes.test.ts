import { describe, expect, it } from "vitest";
import { methodLabel, NEXT_FILES, PUBLIC_FILE, routeLabeler, UNMATCHED } from "../routes";

/** Routes as next build lists them in .next/routes-manifest.json (a subset of this app's, in the manifest's order). */
const MANIFEST = {
  staticRoutes: [
    { page: "/api/health", regex: "^/api/health(?:/)?$" },
    { page: "/mcp", regex: "^/mcp(?:/)?$" },
    { page: "/metrics", regex: "^/metrics(?:/)?$" },
    { page: "/ops", regex: "^/ops(?:/)?$" },
    { page: "/v1/nearby-places", regex: "^/v1/nearby\\-places(?:/)?$" },
  ],
  dynamicRoutes: [
    { page: "/api/hotels/[id]/nearby", regex: "^/api/hotels/([^/]+?)/nearby(?:/)?$" },
    { page: "/api/[...path]", regex: "^/api/(.+?)(?:/)?$" },
    { page: "/ops/sso/[brand]", regex: "^/ops/sso/([^/]+?)(?:/)?$" },
    { page: "/v1/[...path]", regex: "^/v1/(.+?)(?:/)?$" },
    { page: "/[brand]", regex: "^/([^/]+?)(?:/)?$" },
    { page: "/[brand]/hotels/[id]", regex: "^/([^/]+?)/hotels/([^/]+?)(?:/)?$" },
    { page: "/[brand]/ping", regex: "^/([^/]+?)/ping(?:/)?$" },
    { page: "/[brand]/search", regex: "^/([^/]+?)/search(?:/)?$" },
    { page: "/[brand]/[...rest]", regex: "^/([^/]+?)/(.+?)(?:/)?$" },
  ],
};

const label = routeLabeler(MANIFEST, new Set(["/brands/aurora.svg"]));

describe("the route label is the route pattern, never the path", () => {
  it("labels a brand site's pages as their visitors see them (no [brand] segment)", () => {
    expect(label("/")).toBe("/");
    expect(label("/?lang=de")).toBe("/");
    expect(label("/hotels/h-12345")).toBe("/hotels/[id]");
    expect(label("/hotels/h-999?curr=EUR")).toBe("/hotels/[id]");
    expect(label("/search?placeId=p1")).toBe("/search");
    expect(label("/ping")).toBe("/ping");
    expect(label("/no/such/page")).toBe("/[...rest]");
  });

  it("labels the platform's own routes by their pattern, static before dynamic", () => {
    expect(label("/api/health")).toBe("/api/health");
    expect(label("/api/hotels/h-1/nearby")).toBe("/api/hotels/[id]/nearby");
    expect(label("/api/whatever/else")).toBe("/api/[...path]");
    expect(label("/v1/nearby-places")).toBe("/v1/nearby-places");
    expect(label("/mcp?api_key=secret-key-value")).toBe("/mcp");
    expect(label("/ops/sso/aurora")).toBe("/ops/sso/[brand]");
    expect(label("/metrics")).toBe("/metrics");
  });

  it("labels every spelling of a path as Next routes it (absolute form, encoding, dot segments, trailing slash)", () => {
    expect(label("http://brand-a.localhost/hotels/h-1")).toBe("/hotels/[id]");
    expect(label("/%68otels/h-1/")).toBe("/hotels/[id]");
    expect(label("/x/../mcp")).toBe("/mcp");
  });

  it("gives Next's files, the public folder's files and anything else a fixed label", () => {
    expect(label("/_next/static/chunks/abc123.js")).toBe(NEXT_FILES);
    expect(label("/brands/aurora.svg")).toBe(PUBLIC_FILE);
    expect(routeLabeler({})("/hotels/h-1")).toBe(UNMATCHED);
  });

  it("keeps the label's values as many as the routes, however many paths are asked for", () => {
    const labels = new Set<string>();
    for (let i = 0; i < 2000; i++)
      labels
        .add(label(`/hotels/h-${i}`))
        .add(label(`/${i}/${i}`))
        .add(label(`/api/${i}`));
    expect([...labels].sort()).toEqual(["/[...rest]", "/api/[...path]", "/hotels/[id]"]);
  });

  it('labels the methods the app answers, any other "other"', () => {
    expect(methodLabel("GET")).toBe("GET");
    expect(methodLabel("PROPFIND")).toBe("other");
    expect(methodLabel(undefined)).toBe("other");
  });
});
