import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { generateExport } from "@/lib/content";
import { loopbackFetch } from "@/lib/http/node";
import {
  runSyncCli,
  hotel,
  tempDir,
  writeExport,
  HttpBrowser,
  promtool,
  sampleValue,
  samples,
  type Sample,
  startSsoApp,
  type SsoApp,
  startTestOp,
  type TestOp,
  type TestOpClient,
} from "@/lib/testing";

/**
 * Prometheus's scrape of a serving instance (the built app, npm start's server): readable by Prometheus's own checker,
 * with each family the operators alert on showing the traffic this test sends — pages, a 429, assistant-endpoint
 * calls, sync runs made by the sync command in its own process, silent sign-ins against a test OP — and served only on
 * the operators' host, to the operators' token or a configured network.
 */
const TOKEN = "metrics-test-operators-token-0001";
const ALLOWED_NETWORK = "203.0.113.0/24";
const SIGN_IN_LIMIT = 3;
const GENERATED = 20;
const ADA = { sub: "nw-2001", email: "ada@example.test", given_name: "Ada", family_name: "Quill" };

let op: TestOp;
let app: SsoApp;
const clients: TestOpClient[] = [];
/** Folders this file writes (exports, rules), removed at the end. */
const dirs: string[] = [];
const folder = (prefix: string) => {
  const dir = tempDir(prefix);
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  op = await startTestOp(clients);
  app = await startSsoApp(op.issuer, {
    OPS_TOKEN: TOKEN,
    OPS_HOST: "127.0.0.1",
    METRICS_ALLOW: ALLOWED_NETWORK,
    OPS_SIGN_IN_LIMIT: String(SIGN_IN_LIMIT),
    // One trusted proxy hop: a request's X-Forwarded-For names its client's network (no traffic leaves loopback).
    TRUSTED_PROXY_HOPS: "1",
    // The IdP is asked before each silent login, so its stop is seen at once.
    SSO_IDP_CHECK_SECONDS: "0",
    LOG_LEVEL: "warn",
  });
  clients.push(...app.clients);
});
afterAll(async () => {
  await app?.close();
  await op?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const bearer = (token = TOKEN) => ({ authorization: `Bearer ${token}` });
const from = (address: string) => ({ "x-forwarded-for": address });
const metricsAt = (host: string, headers: Record<string, string> = {}) =>
  loopbackFetch(`http://${host}:${app.port}/metrics`, { headers });
const brandPage = (path: string) => loopbackFetch(app.page("aurora", path));

async function scrape(): Promise<{ text: string; all: Sample[] }> {
  const res = await fetch(`${app.url}/metrics`, { headers: bearer() });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  const text = await res.text();
  return { text, all: samples(text) };
}

/** Scrapes until `ready` holds (a catalog built in the background, a count that lands once its response ended). */
async function scrapeUntil(ready: (all: Sample[]) => boolean): Promise<{ text: string; all: Sample[] }> {
  for (let i = 0; ; i++) {
    const s = await scrape();
    if (ready(s.all) || i >= 200) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("/metrics is served on the operators' host only, to the token or an allowed network", () => {
  it("answers the operators' bearer token with the text format", async () => {
    const { text } = await scrape();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
  });

  it("refuses a scrape without a token (401, a Bearer challenge) and with a wrong one", async () => {
    for (const headers of [{}, bearer("not-the-operators-token-000")]) {
      const res = await fetch(`${app.url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      const body = await res.text();
      expect(JSON.parse(body)).toMatchObject({ error: { code: "UNAUTHORIZED" } });
      expect(body).not.toContain("# TYPE");
    }
  });

  it("lets a client of METRICS_ALLOW's networks in without a token, and no client outside them", async () => {
    const inside = await fetch(`${app.url}/metrics`, { headers: from("203.0.113.9") });
    expect(inside.status).toBe(200);
    expect(await inside.text()).toContain("# TYPE hotels_sync_runs_total counter");
    const outside = await fetch(`${app.url}/metrics`, { headers: from("198.51.100.20") });
    expect(outside.status).toBe(401);
    expect(await outside.text()).not.toContain("# TYPE");
  });

  it("is any unknown page's 404 on a brand's host and on a host no one serves, the token notwithstanding", async () => {
    const unknownPage = await brandPage("/no-such-page");
    const onBrand = await metricsAt("brand-a.localhost", bearer());
    expect(onBrand.status).toBe(404);
    expect(unknownPage.status).toBe(404);
    const [page, metrics] = [await unknownPage.text(), await onBrand.text()];
    expect(metrics).not.toContain("# TYPE");
    expect(/<title>([^<]*)<\/title>/.exec(metrics)?.[1]).toBe(/<title>([^<]*)<\/title>/.exec(page)?.[1]);
    const elsewhere = await metricsAt("elsewhere.localhost", bearer());
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).not.toContain("# TYPE");
  });

  it("counts a wrong token against the client's network: past the limit even the right one gets 429", async () => {
    const net = from("198.51.100.77");
    for (let i = 0; i < SIGN_IN_LIMIT; i++) {
      const res = await fetch(`${app.url}/metrics`, { headers: { ...net, ...bearer(`wrong-token-guess-${i}-000`) } });
      expect(res.status).toBe(401);
    }
    const refused = await fetch(`${app.url}/metrics`, { headers: { ...net, ...bearer() } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.text()).not.toContain("# TYPE");
  });
});

describe("a scrape after real traffic", () => {
  let hotelId: string;

  beforeAll(async () => {
    // Two sync runs by the sync command in its own process (as the worker's): one published, one refused.
    const generated = folder("metrics-export-");
    await generateExport({ out: generated, count: GENERATED, seed: 11 });
    const published = await runSyncCli([generated, "--json"], { DATABASE_URL: app.store.databaseUrl }).done;
    expect(published.code, published.stderr).toBe(0);
    const bad = writeExport(
      { "hotels.jsonl": [...Array.from({ length: 6 }, (_, i) => hotel(i + 1)), ...[1, 2, 3].map(() => ({ id: "" }))] },
      { dir: folder("metrics-refused-") },
    );
    const refused = await runSyncCli([bad, "--json"], { DATABASE_URL: app.store.databaseUrl }).done;
    expect(refused.code).not.toBe(0);
    const row = await app.store.db.selectFrom("hotels").select("id").where("removed_at", "is", null).executeTakeFirst();
    hotelId = row!.id;
  });

  it("passes Prometheus's own checker: readable, and no lint problem of the platform's families", async () => {
    const { text } = await scrape();
    const check = promtool(["check", "metrics"], text);
    expect(check.status, check.output).not.toBe(1);
    // prom-client's default gauges nodejs_active_*_total carry a counter's suffix (its naming, not ours).
    const problems = check.output
      .split("\n")
      .filter((l) => l.trim() && !/^nodejs_active_(handles|requests|resources)_total non-counter/.test(l));
    expect(problems).toEqual([]);
  });

  it("times requests by route pattern, method and status, never by the raw path", async () => {
    expect((await brandPage("/")).status).toBe(200);
    expect((await brandPage(`/hotels/${hotelId}`)).status).toBe(200);
    expect((await brandPage("/hotels/no-such-hotel-0000")).status).toBe(404);
    const { text, all } = await scrapeUntil(
      (a) => sampleValue(a, "http_request_duration_seconds_count", { route: "/hotels/[id]", status: "404" }) >= 1,
    );
    const count = (labels: Record<string, string>) => sampleValue(all, "http_request_duration_seconds_count", labels);
    expect(count({ route: "/", method: "GET", status: "200" })).toBeGreaterThanOrEqual(1);
    expect(count({ route: "/hotels/[id]", method: "GET", status: "200" })).toBeGreaterThanOrEqual(1);
    expect(count({ route: "/hotels/[id]", method: "GET", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(count({ route: "/metrics", status: "401" })).toBeGreaterThanOrEqual(2);
    expect(count({ route: "/metrics", status: "429" })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(hotelId);
    expect(text).not.toContain("no-such-hotel");
    expect(text).not.toContain(TOKEN);
  });

  it("counts the 429s by limit", async () => {
    const { all } = await scrape();
    expect(sampleValue(all, "hotels_rate_limit_refusals_total", { limit: "ops_sign_in" })).toBeGreaterThanOrEqual(1);
  });

  it("shows the sync runs the store holds, by outcome, with their records and time", async () => {
    const { all } = await scrape();
    expect(sampleValue(all, "hotels_store_up")).toBe(1);
    expect(sampleValue(all, "hotels_sync_runs_total", { outcome: "published" })).toBe(1);
    expect(sampleValue(all, "hotels_sync_runs_total", { outcome: "refused" })).toBe(1);
    expect(sampleValue(all, "hotels_sync_runs_total", { outcome: "failed" })).toBe(0);
    expect(sampleValue(all, "hotels_sync_records_total", { outcome: "published", action: "new" })).toBe(GENERATED);
    expect(sampleValue(all, "hotels_sync_records_total", { outcome: "refused", action: "rejected" })).toBe(3);
    expect(sampleValue(all, "hotels_sync_last_run_records", { action: "rejected" })).toBe(3);
    expect(sampleValue(all, "hotels_sync_run_seconds_total", { outcome: "published" })).toBeGreaterThan(0);
    expect(sampleValue(all, "hotels_sync_last_run_duration_seconds", { outcome: "refused" })).toBeGreaterThan(0);
    const finishedAt = sampleValue(all, "hotels_sync_last_run_timestamp_seconds", { outcome: "published" });
    expect(Math.abs(finishedAt - Date.now() / 1000)).toBeLessThan(600);
    expect(sampleValue(all, "hotels_sync_running")).toBe(0);
  });

  it("shows the catalog's builds and the size of the current one", async () => {
    const { all } = await scrapeUntil((a) => sampleValue(a, "hotels_catalog_hotels") === GENERATED);
    expect(sampleValue(all, "hotels_catalog_hotels")).toBe(GENERATED);
    // Built at start (an empty store), then again for the published run.
    expect(sampleValue(all, "hotels_catalog_build_seconds_count")).toBeGreaterThanOrEqual(2);
    expect(sampleValue(all, "hotels_catalog_build_seconds_sum")).toBeGreaterThan(0);
  });

  it("counts assistant-endpoint calls by tool, tier and outcome", async () => {
    const client = new Client({ name: "metrics-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(app.page("aurora", "/mcp")), { fetch: loopbackFetch }),
    );
    const found = await client.callTool({ name: "suggest_places", arguments: { query: "Par" } });
    expect(found.isError).toBeFalsy();
    const wrong = await client.callTool({ name: "suggest_places", arguments: { query: "Par", language: "xx" } });
    expect(wrong.isError).toBe(true);
    await client.close();
    const { all } = await scrapeUntil(
      (a) => sampleValue(a, "hotels_mcp_calls_total", { tool: "suggest_places", outcome: "tool_error" }) >= 1,
    );
    const calls = (labels: Record<string, string>) => sampleValue(all, "hotels_mcp_calls_total", labels);
    expect(calls({ tool: "suggest_places", tier: "anonymous", outcome: "ok" })).toBe(1);
    expect(calls({ tool: "suggest_places", tier: "anonymous", outcome: "tool_error" })).toBe(1);
    expect(calls({ tool: "initialize", tier: "anonymous", outcome: "ok" })).toBe(1);
  });

  it("counts silent sign-ins per brand: signed in, login_required, another IdP error, IdP down", async () => {
    const visit = () => new HttpBrowser().navigate(app.page("aurora", "/"));
    op.user = undefined;
    expect((await visit()).status).toBe(200);
    op.user = ADA;
    expect((await visit()).body).toContain('data-username="TestIdP_nw-2001"');
    op.misbehave = { authorizeError: "access_denied" };
    expect((await visit()).status).toBe(200);
    await op.stop();
    const down = await visit();
    expect(down.status).toBe(200);
    expect(down.redirects).toBe(0);
    const { all } = await scrapeUntil(
      (a) => sampleValue(a, "hotels_sso_silent_sign_ins_total", { brand: "aurora", outcome: "idp_down" }) >= 1,
    );
    const attempts = (outcome: string) =>
      sampleValue(all, "hotels_sso_silent_sign_ins_total", { brand: "aurora", outcome });
    expect(attempts("login_required")).toBe(1);
    expect(attempts("signed_in")).toBe(1);
    expect(attempts("idp_error")).toBe(1);
    expect(attempts("idp_down")).toBe(1);
    // Brand labels are the configured brands' ids only.
    const brands = new Set(all.filter((s) => s.name === "hotels_sso_silent_sign_ins_total").map((s) => s.labels.brand));
    expect([...brands]).toEqual(["aurora"]);
  });

  it("exposes this process's own figures (each instance is scraped on its own)", async () => {
    const { all } = await scrape();
    expect(sampleValue(all, "process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(sampleValue(all, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
  });
});

describe("the alert rules docs/operators.md shows", () => {
  const docs = fs.readFileSync("docs/operators.md", "utf8");
  const rules = /### Alert rules[\s\S]*?```yaml\n([\s\S]*?)```/.exec(docs)?.[1] ?? "";

  it("are valid Prometheus rules (promtool check rules)", () => {
    expect(rules).toContain("groups:");
    const file = path.join(folder("metrics-rules-"), "hotels.rules.yml");
    fs.writeFileSync(file, rules);
    const check = promtool(["check", "rules", file]);
    expect(check.status, check.output).toBe(0);
    expect(check.output).toMatch(/SUCCESS: \d+ rules found/);
  });

  it("name only metrics a scrape has", async () => {
    const { text } = await scrape();
    const named = new Set(rules.match(/\b(?:http|hotels|nodejs|process)_[a-z0-9_]+/g));
    expect(named.size).toBeGreaterThan(5);
    for (const name of named) {
      const family = name.replace(/_(bucket|count|sum)$/, "");
      expect(text, name).toMatch(new RegExp(`^# TYPE (${name}|${family}) `, "m"));
    }
  });
});
