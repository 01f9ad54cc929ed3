import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNearbyServer, type NearbyServer, hotel, quietLog, writeExport, freePort } from "@/lib/testing";
import { LocalSource, SyncWorker } from "@/lib/content";

/**
 * A refused run of the sync worker, as operators meet it: the webhook hears of it once, and /ops (the built app, on
 * the same store) shows it until an operator acknowledges it with the page's own form.
 */
const TOKEN = "alerts-test-operators-token-0001";
let server: NearbyServer;
let receiver: http.Server;
const bodies: Record<string, unknown>[] = [];
let hookUrl: string;

beforeAll(async () => {
  server = await startNearbyServer(50, { env: { OPS_TOKEN: TOKEN, OPS_HOST: "127.0.0.1" } });
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      bodies.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(204).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((r) => receiver.listen(port, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${port}/hook`;
});
afterAll(async () => {
  await server?.close();
  await new Promise((r) => receiver?.close(r));
});

async function signIn(): Promise<string> {
  const res = await fetch(`${server.url}/ops/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", connection: "close" },
    body: new URLSearchParams({ token: TOKEN }).toString(),
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  return /ops_session=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")![1]!;
}

const statusPage = (cookie: string) =>
  fetch(`${server.url}/ops`, { headers: { cookie: `ops_session=${cookie}`, connection: "close" } }).then((r) =>
    r.text(),
  );

const acknowledge = (cookie: string, id: number, origin: string) =>
  fetch(`${server.url}/ops/alerts/${id}/ack`, {
    method: "POST",
    headers: {
      cookie: `ops_session=${cookie}`,
      origin,
      "content-type": "application/x-www-form-urlencoded",
      connection: "close",
    },
    body: "",
    redirect: "manual",
  });

describe("the sync worker's alerts on /ops", () => {
  it("a refused run posts the webhook and shows a banner until an operator acknowledges it", async () => {
    // The store holds 50 published hotels; an export of one would remove the other 49: refused.
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    const worker = new SyncWorker({
      store: server.store,
      openSource: () => new LocalSource(dir),
      log: quietLog,
      schedule: "0 4 * * *",
      timezone: "UTC",
      staleHours: 6,
      retries: 0,
      retryBaseMs: 10,
      webhook: { url: hookUrl, allowLoopback: true, timeoutMs: 5000 },
      sync: { maxRemovedShare: 0.2, maxRejectedShare: 0.1, lockStaleSeconds: 30 },
    });
    expect(await worker.tick()).toBe("refused");
    expect(bodies).toMatchObject([{ alert: { kind: "refused", code: "REMOVAL_THRESHOLD" } }]);
    const alert = await server.store.db.selectFrom("sync_alerts").selectAll().executeTakeFirstOrThrow();

    const cookie = await signIn();
    let page = await statusPage(cookie);
    expect(page).toContain("Sync alerts");
    expect(page).toContain(`data-alert-id="${alert.id}"`);
    expect(page).toContain("(REMOVAL_THRESHOLD)");
    expect(page).toContain(`action="/ops/alerts/${alert.id}/ack"`);

    // Another site's form is refused: the alert stays.
    expect((await acknowledge(cookie, alert.id, "https://evil.example")).status).toBe(403);
    // Without a session, nothing is acknowledged either.
    const anonymous = await fetch(`${server.url}/ops/alerts/${alert.id}/ack`, {
      method: "POST",
      headers: { origin: server.url, connection: "close" },
      redirect: "manual",
    });
    expect(anonymous.status).toBe(401);
    expect(await statusPage(cookie)).toContain(`data-alert-id="${alert.id}"`);

    const ack = await acknowledge(cookie, alert.id, server.url);
    expect(ack.status).toBe(303);
    expect(ack.headers.get("location")).toBe("/ops#alerts");
    page = await statusPage(cookie);
    expect(page).toContain("Sync runs");
    expect(page).not.toContain("Sync alerts");

    // The same export on the next check: not run again, not alerted again, no banner.
    expect(await worker.tick()).toBe("refused-before");
    expect(bodies).toHaveLength(1);
    expect(await statusPage(cookie)).not.toContain("Sync alerts");
  });
});
