import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  capturingLog,
  startRelay,
  startSftpServer,
  sshdAvailable,
  type SftpServer,
  openTestStore,
  type TestStore,
  hotel,
  quietLog,
  range,
  writeExport,
  runCli,
  freePort,
} from "@/lib/testing";
import { openStore, type Store } from "@/lib/store";
import { LocalSource, SftpSource } from "../sources";
import { SyncWorker, type SyncWorkerOptions } from "../schedule";

if (!sshdAvailable())
  throw new Error("OpenSSH server not installed: apt-get install openssh-server (the CI script does)");

let server: SftpServer;
beforeAll(async () => {
  server = await startSftpServer();
});
afterAll(async () => {
  await server?.stop();
});

function sftpSource(dir: string, port = server.port) {
  return new SftpSource({
    host: server.host,
    port,
    username: server.keyUser,
    dir,
    privateKey: fs.readFileSync(server.privateKeyFile),
    hostFingerprint: server.hostFingerprint,
    retries: 0,
    retryBaseMs: 10,
    log: quietLog,
  });
}

/** A webhook receiver on loopback: every JSON body posted to it. */
async function startReceiver(): Promise<{ url: string; bodies: Record<string, unknown>[]; stop(): Promise<void> }> {
  const bodies: Record<string, unknown>[] = [];
  const srv = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      bodies.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  const port = await freePort();
  await new Promise<void>((r) => srv.listen(port, "127.0.0.1", r));
  return {
    // The path stands for a Slack webhook's secret: it must never reach a log line.
    url: `http://127.0.0.1:${port}/services/T0/B0/secret-webhook-path`,
    bodies,
    stop: () => new Promise<void>((r) => srv.close(() => r())),
  };
}

function worker(store: Store, dir: string, over: Partial<SyncWorkerOptions> = {}): SyncWorker {
  return new SyncWorker({
    store,
    openSource: () => sftpSource(dir),
    log: quietLog,
    schedule: "0 4 * * *",
    timezone: "UTC",
    staleHours: 6,
    retries: 8,
    retryBaseMs: 50,
    sync: { maxRemovedShare: 0.2, maxRejectedShare: 0.1, lockStaleSeconds: 30 },
    ...over,
  });
}

describe.each(["sqlite", "postgres"] as const)("the sync worker on %s", (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store.drop();
  });

  const runs = () => store.db.selectFrom("sync_runs").selectAll().orderBy("id").execute();
  const alerts = () => store.db.selectFrom("sync_alerts").selectAll().orderBy("id").execute();

  it("syncs a new export, then skips the unchanged one without reading a file, then syncs the next", async () => {
    await store.db.deleteFrom("sync_alerts").execute();
    const dir = writeExport({ "hotels.jsonl": range(1, 400).map((n) => hotel(n)) });
    const exportBytes = fs.statSync(path.join(dir, "hotels.jsonl")).size;
    const schemaBytes = fs.statSync(path.join(dir, "schemas/HotelFtpExport.json")).size;
    const relay = await startRelay(server.port);
    // What the sync asked of the source besides the listing: files read, schema fetched.
    const asked = { files: 0, schema: 0 };
    const w = worker(store, dir, {
      openSource: () => {
        const source = sftpSource(dir, relay.port);
        const read = source.read.bind(source);
        const readSchema = source.readSchema.bind(source);
        source.read = (file) => (asked.files++, read(file));
        source.readSchema = () => (asked.schema++, readSchema());
        return source;
      },
    });
    const before = (await runs()).length;
    try {
      expect(await w.tick()).toBe("published");
      const first = (await runs()).at(-1)!;
      expect(first).toMatchObject({ status: "published", new: 400 });
      expect(first.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(asked).toEqual({ files: 1, schema: 1 });
      expect(relay.fromServer).toBeGreaterThan(exportBytes + schemaBytes);

      const [connections, bytes] = [relay.connections, relay.fromServer];
      expect(await w.tick()).toBe("unchanged");
      // One connection that listed the folder: nothing read, on the wire either.
      expect(asked).toEqual({ files: 1, schema: 1 });
      expect(relay.connections).toBe(connections + 1);
      expect(relay.fromServer - bytes).toBeLessThan(schemaBytes);
      expect(await runs()).toHaveLength(before + 1);

      // The next day's export: new sizes and times, so a new run.
      writeExport({ "hotels.jsonl": range(1, 400).map((n) => hotel(n, { is_vr: true })) }, { dir });
      expect(await w.tick()).toBe("published");
      expect((await runs()).at(-1)).toMatchObject({ status: "published", changed: 400 });
      expect(asked).toEqual({ files: 2, schema: 2 });
      expect(await alerts()).toEqual([]);
    } finally {
      await relay.stop();
    }
  });

  it("two workers at once sync a new export once; one worker never checks twice at once", async () => {
    const dir = writeExport({ "hotels.jsonl": range(1, 400).map((n) => hotel(n, { name: { en: `Twin ${n}` } })) });
    // Two processes' worth of workers: each its own connection to the same store.
    const second = await openStore(
      store.kind === "postgres"
        ? { kind: "postgres", url: store.databaseUrl }
        : { kind: "sqlite", sqliteFile: store.databaseUrl.replace(/^sqlite:\/\//, "") },
    );
    try {
      const before = (await runs()).length;
      const outcomes = await Promise.all([worker(store, dir).tick(), worker(second, dir).tick()]);
      expect(outcomes.filter((o) => o === "published")).toHaveLength(1);
      expect(outcomes.filter((o) => o !== "published")[0]).toMatch(/^(unchanged|locked)$/);
      const added = (await runs()).slice(before);
      expect(added.map((r) => r.status)).toEqual(["published"]);

      const one = worker(store, dir);
      expect(await Promise.all([one.tick(), one.tick()])).toEqual(["unchanged", "busy"]);
    } finally {
      await second.close();
    }
  });

  it("a refused run posts the webhook once, its export is not run again, and a published one ends the alert", async () => {
    await store.db.deleteFrom("sync_alerts").execute();
    const receiver = await startReceiver();
    const { log, text } = capturingLog();
    try {
      const ours = JSON.parse(fs.readFileSync(path.join(process.cwd(), "schemas/HotelFtpExport.json"), "utf8"));
      const v2 = { ...ours, $id: ours.$id.replace("/v1/", "/v2/"), required: [...ours.required, "images"] };
      const dir = writeExport({ "hotels.jsonl": range(1, 400).map((n) => hotel(n)) }, { schema: JSON.stringify(v2) });
      const w = worker(store, dir, {
        log,
        webhook: { url: receiver.url, allowLoopback: true, timeoutMs: 5000 },
      });
      expect(await w.tick()).toBe("refused");
      const run = (await runs()).at(-1)!;
      expect(run).toMatchObject({ status: "refused", error_code: "SCHEMA_MISMATCH" });
      expect(receiver.bodies).toHaveLength(1);
      expect(receiver.bodies[0]).toMatchObject({
        text: expect.stringContaining("Hotel content sync refused (SCHEMA_MISMATCH)"),
        alert: { kind: "refused", code: "SCHEMA_MISMATCH", runId: run.id },
      });
      expect(await alerts()).toMatchObject([{ kind: "refused", run_id: run.id, acknowledged_at: null }]);

      // The same files would be refused again: not run, not alerted again.
      expect(await w.tick()).toBe("refused-before");
      expect((await runs()).at(-1)!.id).toBe(run.id);
      expect(receiver.bodies).toHaveLength(1);

      // The next refresh (new files: spec §4.3.3), with the partner's schema fixed, publishes and ends the alert (it
      // stays until acknowledged). SFTP gives whole seconds: a size of its own tells it from the refused files.
      writeExport({ "hotels.jsonl": range(1, 400).map((n) => hotel(n, { is_vr: false })) }, { dir });
      expect(await w.tick()).toBe("published");
      expect((await alerts())[0]!.resolved_at).not.toBeNull();
      expect(text()).toContain("alert posted");
      expect(text()).toContain(`"webhook":"${new URL(receiver.url).origin}"`);
      expect(text()).not.toContain("secret-webhook-path");
    } finally {
      await receiver.stop();
    }
  });

  it("a server out of reach is tried again with backoff, then alerts once for as long as it lasts", async () => {
    await store.db.deleteFrom("sync_alerts").execute();
    const receiver = await startReceiver();
    const { log, lines } = capturingLog();
    const closed = await freePort();
    const dir = writeExport({ "hotels.jsonl": range(1, 400).map((n) => hotel(n)) });
    let port = closed;
    try {
      const w = worker(store, dir, {
        log,
        retries: 2,
        retryBaseMs: 20,
        openSource: () => sftpSource(dir, port),
        webhook: { url: receiver.url, allowLoopback: true, timeoutMs: 5000 },
      });
      expect(await w.tick()).toBe("failed");
      const retries = lines.filter((l) => l.msg === "check failed: trying again");
      expect(retries.map((l) => [l.code, l.waitMs])).toEqual([
        ["SFTP_UNAVAILABLE", 20],
        ["SFTP_UNAVAILABLE", 40],
      ]);
      expect(receiver.bodies).toHaveLength(1);
      expect(receiver.bodies[0]).toMatchObject({ alert: { kind: "failed", code: "SFTP_UNAVAILABLE" } });

      expect(await w.tick()).toBe("failed");
      expect(receiver.bodies).toHaveLength(1);
      expect(await alerts()).toHaveLength(1);

      // Reachable again: the condition is over, and a later outage alerts anew.
      port = server.port;
      expect(await w.tick()).toBe("published");
      expect((await alerts())[0]!.resolved_at).not.toBeNull();
      port = closed;
      expect(await w.tick()).toBe("failed");
      expect(receiver.bodies).toHaveLength(2);
    } finally {
      await receiver.stop();
    }
  });

  it("an export that fails for its own fault (a truncated file) alerts once and is not read again", async () => {
    await store.db.deleteFrom("sync_alerts").execute();
    const lines = range(1, 400).map((n) => JSON.stringify(hotel(n)));
    const gz = gzipSync(lines.join("\n"));
    const dir = writeExport({ "hotels.jsonl.gz": gz.subarray(0, gz.length - 40) });
    const asked = { files: 0 };
    const w = worker(store, dir, {
      openSource: () => {
        const source = sftpSource(dir);
        const read = source.read.bind(source);
        source.read = (file) => (asked.files++, read(file));
        return source;
      },
    });
    expect(await w.tick()).toBe("failed");
    expect((await runs()).at(-1)).toMatchObject({ status: "failed", error_code: "TRUNCATED_INPUT" });
    expect(await alerts()).toMatchObject([{ kind: "failed", code: "TRUNCATED_INPUT" }]);
    const reads = asked.files;
    expect(await w.tick()).toBe("refused-before");
    expect(asked.files).toBe(reads);
    expect(await alerts()).toHaveLength(1);
  });

  it("no new export long after the expected one alerts once", async () => {
    await store.db.deleteFrom("sync_alerts").execute();
    const receiver = await startReceiver();
    try {
      const dir = writeExport({ "hotels.jsonl": range(1, 400).map((n) => hotel(n, { is_pet_friendly: true })) });
      let now = new Date();
      const w = worker(store, dir, {
        now: () => now,
        webhook: { url: receiver.url, allowLoopback: true, timeoutMs: 5000 },
      });
      expect(await w.tick()).toBe("published");
      const published = new Date((await runs()).at(-1)!.started_at);
      // Expected at the first 04:00 UTC after the run; stale 6 hours after that.
      const expected = new Date(published);
      expected.setUTCHours(4, 0, 0, 0);
      if (expected <= published) expected.setUTCDate(expected.getUTCDate() + 1);
      now = new Date(expected.getTime() + 6 * 3_600_000 - 60_000);
      expect(await w.checkStale()).toBe(false);
      expect(receiver.bodies).toHaveLength(0);

      now = new Date(expected.getTime() + 6 * 3_600_000 + 60_000);
      expect(await w.tick()).toBe("unchanged");
      expect(await w.checkStale()).toBe(true);
      expect(await w.checkStale()).toBe(true);
      expect(receiver.bodies).toHaveLength(1);
      expect(receiver.bodies[0]).toMatchObject({
        text: expect.stringContaining("No new hotel content export"),
        alert: { kind: "stale" },
      });
      expect(await alerts()).toMatchObject([{ kind: "stale", resolved_at: null }]);
    } finally {
      await receiver.stop();
    }
  });
});

describe("npm run worker", () => {
  it("answers --help without starting", async () => {
    const run = runCli("worker", ["--help"], {});
    const { code, stdout } = await run.done;
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: npm run worker");
  });

  it("refuses a malformed schedule and a plain-http webhook, naming the setting", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    const bad = await runCli("worker", [dir], { SYNC_SCHEDULE: "every day" }).done;
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("SYNC_SCHEDULE");
    const http = await runCli("worker", [dir], { SYNC_ALERT_WEBHOOK_URL: "http://hooks.example.com/x" }).done;
    expect(http.code).toBe(1);
    expect(http.stderr).toContain("SYNC_ALERT_WEBHOOK_URL: must use https");
  });

  it("on SIGTERM lets a running sync finish; past the grace time leaves it for the next run to recover", async () => {
    const store = await openTestStore("sqlite");
    try {
      const dir = writeExport({ "hotels.jsonl": range(1, 30).map((n) => hotel(n)) });
      const env = { SYNC_SOURCE: dir, DATABASE_URL: store.databaseUrl, NODE_ENV: "test" };
      const statuses = async () =>
        (await store.db.selectFrom("sync_runs").selectAll().orderBy("id").execute()).map((r) => [
          r.status,
          r.error_code,
        ]);

      // Stopped while its run is paused with everything staged: the run finishes, then the worker exits.
      const patient = runCli("worker", [], { ...env, SYNC_TEST_PAUSE_AT: "staged:1500" });
      await patient.waitFor('"msg":"fault point"');
      patient.child.kill("SIGTERM");
      const first = await patient.done;
      expect(first.code).toBe(0);
      expect(first.stderr.indexOf("waiting for the running check to finish")).toBeGreaterThan(0);
      expect(first.stderr.indexOf('"msg":"sync published"')).toBeGreaterThan(
        first.stderr.indexOf("waiting for the running check to finish"),
      );
      expect(await statuses()).toEqual([["published", null]]);

      // No grace: the run is left as it is (nothing of it published); the next worker recovers it and publishes.
      writeExport({ "hotels.jsonl": range(1, 30).map((n) => hotel(n, { is_vr: true })) }, { dir });
      const hasty = runCli("worker", [], { ...env, SYNC_TEST_PAUSE_AT: "staged:60000", SYNC_STOP_GRACE_SECONDS: "0" });
      await hasty.waitFor('"msg":"fault point"');
      hasty.child.kill("SIGTERM");
      expect((await hasty.done).code).toBe(1);
      expect(await statuses()).toEqual([
        ["published", null],
        ["running", null],
      ]);
      const next = runCli("worker", [], env);
      await next.waitFor('"msg":"sync published"');
      next.child.kill("SIGTERM");
      expect((await next.done).code).toBe(0);
      expect(await statuses()).toEqual([
        ["published", null],
        ["failed", "ABANDONED"],
        ["published", null],
      ]);
    } finally {
      await store.drop();
    }
  });

  it("syncs on its schedule, then stops cleanly on SIGTERM", async () => {
    const store = await openTestStore("sqlite");
    try {
      const dir = writeExport({ "hotels.jsonl": range(1, 30).map((n) => hotel(n)) });
      const run = runCli("worker", [], {
        SYNC_SOURCE: dir,
        DATABASE_URL: store.databaseUrl,
        // Every second: the test waits for what the worker logs, not for a time.
        SYNC_SCHEDULE: "* * * * * *",
      });
      await run.waitFor('"msg":"sync published"');
      await run.waitFor('"msg":"no new export: the listing is the published one"');
      run.child.kill("SIGTERM");
      const { code, stderr } = await run.done;
      expect(code).toBe(0);
      expect(stderr).toContain('"msg":"worker stopped"');
      const published = await store.db.selectFrom("sync_runs").selectAll().execute();
      expect(published.map((r) => r.status)).toEqual(["published"]);
      expect(new LocalSource(dir).label).toBe(published[0]!.source);
    } finally {
      await store.drop();
    }
  });
});
