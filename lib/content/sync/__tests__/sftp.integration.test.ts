import fs from "node:fs";
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
  tempDir,
  writeExport,
  runSyncCli,
} from "@/lib/testing";
import { SftpSource } from "../sources";
import { MAX_SCHEMA_BYTES } from "../sources/sftp";
import { syncExport } from "..";
import { countHotels, getHotel, recentRuns, rejectedRecords } from "@/lib/hotels";
import { generateExport } from "../../generate";

if (!sshdAvailable())
  throw new Error("OpenSSH server not installed: apt-get install openssh-server (the CI script does)");

let server: SftpServer;
beforeAll(async () => {
  server = await startSftpServer();
});
afterAll(async () => {
  await server?.stop();
});

function source(dir: string, over: Partial<ConstructorParameters<typeof SftpSource>[0]> = {}) {
  return new SftpSource({
    host: server.host,
    port: server.port,
    username: server.keyUser,
    dir,
    privateKey: fs.readFileSync(server.privateKeyFile),
    hostFingerprint: server.hostFingerprint,
    retries: 4,
    retryBaseMs: 50,
    log: quietLog,
    ...over,
  });
}

const defaults = { maxRemovedShare: 0.2, maxRejectedShare: 0.1, lockStaleSeconds: 30 };

describe("sync over SFTP from a real OpenSSH server", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore("sqlite");
  });
  afterAll(async () => {
    await store.drop();
  });

  it("logs in with a key, reads several files (plain and gzipped), fetches and compares the schema", async () => {
    const dir = writeExport({
      "hotels-1.jsonl": range(1, 40).map((n) => hotel(n)),
      "hotels-2.json.gz": range(41, 80).map((n) => hotel(n)),
    });
    const s = await syncExport({ store, source: source(dir), log: quietLog, ...defaults });
    expect(s).toMatchObject({ status: "published", new: 80, schema: { status: "match" } });
    expect(s.source).toBe(`sftp://${server.keyUser}@127.0.0.1:${server.port}${dir}`);
    expect(s.files.map((f) => [f.name, f.records])).toEqual([
      ["hotels-1.jsonl", 40],
      ["hotels-2.json.gz", 40],
    ]);
    expect(await countHotels(store.db)).toBe(80);
  });

  it("answers each SFTP command in one round trip, not after a delayed acknowledgement", async () => {
    // With Nagle's algorithm on the client's socket, each command waited for the server's delayed ACK (40 ms at
    // least on Linux): a listing took about 175 ms on loopback. Now a couple of ms; the fastest of ten is judged, so
    // that a busy moment of the machine cannot fail the test.
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    const src = source(dir);
    try {
      await src.listFiles(); // connects
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        expect(await src.listFiles()).toHaveLength(1);
        times.push(performance.now() - started);
      }
      expect(Math.min(...times)).toBeLessThan(30);
    } finally {
      await src.close();
    }
  });

  it("logs in with a password", async () => {
    if (!server.passwordUser) throw new Error("the password test needs root to create its local user");
    const dir = writeExport({ "hotels.jsonl": range(1, 80).map((n) => hotel(n, { is_vr: true })) });
    fs.chmodSync(dir, 0o755);
    for (const f of ["hotels.jsonl", "schemas", "schemas/HotelFtpExport.json"])
      fs.chmodSync(path.join(dir, f), f === "schemas" ? 0o755 : 0o644);
    const s = await syncExport({
      store,
      source: source(dir, {
        username: server.passwordUser.name,
        privateKey: undefined,
        password: server.passwordUser.password,
      }),
      log: quietLog,
      ...defaults,
    });
    expect(s).toMatchObject({ status: "published", changed: 80 });
    await expect(
      syncExport({
        store,
        source: source(dir, { username: server.passwordUser.name, privateKey: undefined, password: "wrong" }),
        log: quietLog,
        ...defaults,
      }),
    ).rejects.toMatchObject({ code: "SFTP_AUTH_FAILED" });
  });

  it("refuses a server whose host key is not the pinned one", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    await expect(
      syncExport({
        store,
        source: source(dir, { hostFingerprint: "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }),
        log: quietLog,
        ...defaults,
      }),
    ).rejects.toMatchObject({ code: "SFTP_HOST_KEY_MISMATCH" });
  });

  it("refuses a server whose host key is not pinned, naming the key it showed, unless told to accept any", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    const refusal = syncExport({
      store,
      source: source(dir, { hostFingerprint: undefined }),
      log: quietLog,
      ...defaults,
    });
    await expect(refusal).rejects.toMatchObject({ code: "SFTP_HOST_KEY_NOT_PINNED", field: "SFTP_HOST_FINGERPRINT" });
    await expect(refusal).rejects.toThrow(`set SFTP_HOST_FINGERPRINT=${server.hostFingerprint}`);
    const { log, lines } = capturingLog();
    const accepted = await syncExport({
      store,
      source: source(dir, { hostFingerprint: undefined, acceptAnyHostKey: true, log }),
      log,
      ...defaults,
      maxRemovedShare: 1,
    });
    expect(accepted.status).toBe("published");
    expect(lines.some((l) => String(l.msg).includes("accepted unpinned"))).toBe(true);
  });

  it("refuses a schema file larger than a schema can be", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    fs.mkdirSync(path.join(dir, "schemas"), { recursive: true });
    fs.writeFileSync(path.join(dir, "schemas/HotelFtpExport.json"), Buffer.alloc(MAX_SCHEMA_BYTES + 1, 32));
    await expect(syncExport({ store, source: source(dir), log: quietLog, ...defaults })).rejects.toMatchObject({
      code: "SCHEMA_TOO_LARGE",
    });
  });

  it.each([false, true])(
    "resumes a transfer cut in the middle and loads every record exactly once (threads: %s)",
    async (threads) => {
      const dir = tempDir();
      await generateExport({ out: dir, count: 3000, seed: 11 });
      const size = fs.statSync(path.join(dir, "hotels.jsonl")).size;
      const proxy = await startRelay(server.port, Math.floor(size / 2));
      const { log, lines } = capturingLog();
      const fresh = await openTestStore("sqlite");
      try {
        const s = await syncExport({
          store: fresh,
          source: source(dir, { port: proxy.port, log }),
          log,
          threads,
          ...defaults,
        });
        expect(proxy.cuts).toBe(1);
        expect(s).toMatchObject({ status: "published", seen: 3000, new: 3000, rejected: 0 });
        // In a worker thread the reader logs on its own; the count says it all there.
        if (!threads) expect(lines.find((l) => l.msg === "sftp transfer resumed")?.offset).toBeGreaterThan(0);
        expect(await countHotels(fresh.db)).toBe(3000);
      } finally {
        await proxy.stop();
        await fresh.drop();
      }
    },
  );

  it.each(["sqlite", "postgres"] as const)(
    "starts the run over when the file was replaced while the connection was down (%s)",
    async (kind) => {
      const dir = tempDir();
      await generateExport({ out: dir, count: 2000, seed: 12 });
      const file = path.join(dir, "hotels.jsonl");
      // The new file holds five of the first records again: the run started over writes the very versions (ids and
      // numbers) the abandoned attempt had sent, which must have been dropped, not left to collide.
      const replacement = fs.readFileSync(file, "utf8").split("\n").slice(0, 5).join("\n") + "\n";
      const proxy = await startRelay(server.port, Math.floor(fs.statSync(file).size / 3), () =>
        fs.writeFileSync(file, replacement),
      );
      const fresh = await openTestStore(kind);
      try {
        const s = await syncExport({
          store: fresh,
          source: source(dir, { port: proxy.port }),
          log: quietLog,
          ...defaults,
        });
        expect(s).toMatchObject({ status: "published", seen: 5, new: 5 });
        expect(await countHotels(fresh.db)).toBe(5);
        expect(await fresh.db.selectFrom("hotel_versions").select("hotel_id").execute()).toHaveLength(5);
      } finally {
        await proxy.stop();
        await fresh.drop();
      }
    },
  );

  it("fails cleanly when the server stays unreachable, after retrying with backoff", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    const before = await countHotels(store.db);
    const started = Date.now();
    await expect(
      syncExport({ store, source: source(dir, { port: 1, retries: 2, retryBaseMs: 100 }), log: quietLog, ...defaults }),
    ).rejects.toMatchObject({
      code: "SFTP_UNAVAILABLE",
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300); // 100 ms + 200 ms of backoff
    expect(await countHotels(store.db)).toBe(before);
    expect((await recentRuns(store.db, 1))[0]).toMatchObject({ status: "failed", error_code: "SFTP_UNAVAILABLE" });
  });

  it("fails a truncated gzip cleanly, rejects a corrupt line and a duplicate id, and refuses a mass removal", async () => {
    const fresh = await openTestStore("sqlite");
    try {
      const dir = writeExport({ "hotels.jsonl": range(1, 100).map((n) => hotel(n)) });
      await syncExport({ store: fresh, source: source(dir), log: quietLog, ...defaults });

      const gz = gzipSync(
        range(1, 100)
          .map((n) => JSON.stringify(hotel(n, { is_vr: true })))
          .join("\n"),
      );
      writeExport({ "hotels.jsonl.gz": gz.subarray(0, gz.length - 40) }, { dir });
      await expect(syncExport({ store: fresh, source: source(dir), log: quietLog, ...defaults })).rejects.toMatchObject(
        { code: "TRUNCATED_INPUT" },
      );
      expect((await getHotel(fresh.db, "H1"))?.record.is_vr).toBeUndefined();

      const lines = range(1, 100).map((n) => JSON.stringify(hotel(n)));
      lines.splice(10, 0, "{not json at all");
      lines.push(JSON.stringify(hotel(7, { name: { en: "Twin" } })));
      writeExport({ "hotels.jsonl": lines.join("\n") + "\n" }, { dir });
      const s = await syncExport({ store: fresh, source: source(dir), log: quietLog, ...defaults });
      expect(s).toMatchObject({ status: "published", rejected: 2, unchanged: 100 });
      expect((await rejectedRecords(fresh.db, s.runId)).map((r) => [r.line, r.hotel_id, r.errors[0]!.keyword])).toEqual(
        [
          [11, null, "json"],
          [102, "H7", "unique"],
        ],
      );

      writeExport({ "hotels.jsonl": range(1, 50).map((n) => hotel(n)) }, { dir });
      expect(await syncExport({ store: fresh, source: source(dir), log: quietLog, ...defaults })).toMatchObject({
        status: "refused",
        error: { code: "REMOVAL_THRESHOLD" },
      });
      expect(await countHotels(fresh.db)).toBe(100);
    } finally {
      await fresh.drop();
    }
  });
});

describe.each(["sqlite", "postgres"] as const)("sync command processes against %s", (kind) => {
  let store: TestStore;
  let dir: string;
  const env = () => ({
    DATABASE_URL: store.databaseUrl,
    SFTP_PRIVATE_KEY_FILE: server.privateKeyFile,
    SFTP_HOST_FINGERPRINT: server.hostFingerprint,
    NODE_ENV: "test",
  });
  const url = () => `sftp://${server.keyUser}@127.0.0.1:${server.port}${dir}`;
  beforeAll(async () => {
    store = await openTestStore(kind);
    dir = writeExport({ "hotels.jsonl": range(1, 200).map((n) => hotel(n)) });
  });
  afterAll(async () => {
    await store.drop();
  });

  it("refuses the second of two concurrent runs by the lock", async () => {
    const first = runSyncCli([url(), "--json"], { ...env(), SYNC_TEST_PAUSE_AT: "publish:6000" });
    await first.waitFor('"msg":"sync started"');
    const second = await runSyncCli([url(), "--json"], env()).done;
    expect(second.code).toBe(1);
    expect(second.stderr).toContain("SYNC_LOCKED");
    const a = await first.done;
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout)).toMatchObject({ status: "published", new: 200 });
  });

  it("shows readers the old snapshot until the publish commits, then the new one", async () => {
    writeExport({ "hotels.jsonl": range(1, 200).map((n) => hotel(n, { property_type: "Inn" })) }, { dir });
    const run = runSyncCli([url(), "--json"], { ...env(), SYNC_TEST_PAUSE_AT: "publish:2000" });
    await run.waitFor('"msg":"fault point"'); // inside the open publish transaction, its writes done
    const during = await store.db.selectFrom("hotels").select("property_type").distinct().execute();
    expect(during.map((r) => r.property_type)).toEqual(["Hotel"]);
    expect((await getHotel(store.db, "H7"))?.record.property_type).toBe("Hotel");
    expect((await run.done).code).toBe(0);
    const after = await store.db.selectFrom("hotels").select("property_type").distinct().execute();
    expect(after.map((r) => r.property_type)).toEqual(["Inn"]);
    expect((await getHotel(store.db, "H7"))?.record.property_type).toBe("Inn");
  });

  it("keeps the previous snapshot when killed during publish, and the next run works", async () => {
    writeExport({ "hotels.jsonl": range(1, 200).map((n) => hotel(n, { is_vr: true })) }, { dir });
    const run = runSyncCli([url()], { ...env(), SYNC_TEST_PAUSE_AT: "publish:60000" });
    await run.waitFor('"msg":"fault point"'); // inside the open publish transaction, its writes done
    run.child.kill("SIGKILL");
    expect((await run.done).signal).toBe("SIGKILL");

    expect(await countHotels(store.db)).toBe(200);
    expect((await getHotel(store.db, "H1"))?.record.is_vr).toBeUndefined();

    const next = await runSyncCli([url(), "--json"], env()).done;
    expect(next.code).toBe(0);
    expect(JSON.parse(next.stdout)).toMatchObject({ status: "published", changed: 200 });
    expect((await getHotel(store.db, "H1"))?.record.is_vr).toBe(true);
    const runs = await recentRuns(store.db, 3);
    expect(runs.map((r) => [r.status, r.error_code])).toEqual([
      ["published", null],
      ["failed", "ABANDONED"],
      ["published", null],
    ]);
  });

  it("exits 2 with a readable summary when a run is refused", async () => {
    writeExport({ "hotels.jsonl": range(1, 10).map((n) => hotel(n)) }, { dir });
    const r = await runSyncCli([url()], env()).done;
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/run\s+#\d+ refused/);
    expect(r.stdout).toContain("REMOVAL_THRESHOLD: The export would remove 190 of 200 properties");
  });
});
