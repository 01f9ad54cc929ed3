import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startSftpServer,
  sshdAvailable,
  type SftpServer,
  openTestStore,
  STORE_KINDS,
  type TestStore,
  hotel,
  range,
  syncDir,
  tempDir,
  writeExport,
  runSyncCli,
} from "@/lib/testing";
import { progressReporter } from "@/lib/cli";
import { log } from "@/lib/log";
import { latestRecount, loadHotelCounts, placeIdFor } from "@/lib/places";
import { openSource } from "../sync/sources";
import { parseSftpUrl } from "../sync/sources/sftp";
import { REJECTED_DETAIL_LIMIT } from "../sync/stage";
import { SCHEMA_PATH } from "../validate";
import { countHotels, getHotel } from "@/lib/hotels";
import { config } from "@/lib/config";

/**
 * What the README says of the sync command: each test asserts what an operator sees, on the real
 * command in its own process against a real sshd where the promise is about the command.
 */

if (!sshdAvailable())
  throw new Error("OpenSSH server not installed: apt-get install openssh-server (the CI script does)");

const FRANCE = placeIdFor("country:FR");

/** Makes a folder and what is in it readable by the sshd's other (password) user. */
function readableByAll(dir: string) {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) readableByAll(p);
    else fs.chmodSync(p, 0o644);
  }
}

/** Our schema with one property added: a server schema that differs from ours. */
function changedSchema(): string {
  const schema = JSON.parse(fs.readFileSync(SCHEMA_PATH, "utf8")) as { properties: Record<string, unknown> };
  schema.properties.loyalty_tier = { type: "string" };
  return JSON.stringify(schema, null, 2);
}

describe("the sync command (README: Content sync, Decisions)", () => {
  let server: SftpServer;
  let store: TestStore;
  /** The folder every SFTP login starts in: the "login directory" of the README's schema lookup. */
  let loginDir: string;
  let exportDir: string;
  const url = (user = server.keyUser, dir = exportDir) => `sftp://${user}@127.0.0.1:${server.port}${dir}`;
  const baseEnv = () => ({ DATABASE_URL: store.databaseUrl, NODE_ENV: "test" });

  beforeAll(async () => {
    loginDir = tempDir("sftp-login-");
    fs.mkdirSync(path.join(loginDir, "schemas"));
    fs.writeFileSync(path.join(loginDir, "schemas", "HotelFtpExport.json"), changedSchema());
    readableByAll(loginDir);
    server = await startSftpServer({ startDirectory: loginDir });
    store = await openTestStore("sqlite");
    const seed = await syncDir(store, writeExport({ "hotels.jsonl": range(1, 50).map((n) => hotel(n)) }));
    expect(seed).toMatchObject({ status: "published", new: 50 });
    exportDir = tempDir("sftp-export-");
  });
  afterAll(async () => {
    await server?.stop();
    await store?.drop();
  });

  it(
    "finds the schema in the login folder when the export folder has none; --allow-schema-change and --force " +
      "publish anyway; an unpinned host key accepted by the opt-out is logged; a progress line is logged off a terminal",
    async () => {
      // The export folder has no schemas/: the server's schema is the login folder's, which differs from ours.
      // 20 of 50 properties: 30 removed, over the 20 % threshold.
      writeExport({ "hotels.jsonl": range(1, 20).map((n) => hotel(n)) }, { dir: exportDir, schema: null });
      const run = await runSyncCli([url(), "--json", "--allow-schema-change", "--force"], {
        ...baseEnv(),
        SFTP_PRIVATE_KEY_FILE: server.privateKeyFile,
        SFTP_ACCEPT_ANY_HOST_KEY: "true",
      }).done;
      expect(run.code, run.stderr).toBe(0);
      const summary = JSON.parse(run.stdout) as Record<string, unknown>;
      expect(summary).toMatchObject({ status: "published", seen: 20, removed: 30 });
      // The login folder's schema was found and compared: the new property is the difference.
      expect(summary.schema).toMatchObject({ status: "mismatch", differences: ["/properties/loyalty_tier"] });
      expect(run.stderr).toContain("publishing because --force was given");
      const row = await store.db
        .selectFrom("sync_runs")
        .select(["forced", "status"])
        .where("id", "=", summary.runId as number)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ forced: 1, status: "published" });
      expect(await countHotels(store.db)).toBe(20);

      const lines = run.stderr
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { level: number; msg: string; fingerprint?: string });
      const unpinned = lines.find((l) => l.msg.includes("host key accepted unpinned"));
      expect(unpinned).toMatchObject({ level: 40, fingerprint: server.hostFingerprint });
      expect(lines.some((l) => l.msg === "sync progress")).toBe(true);
    },
  );

  it("leaves the hotel counts alone when a run fails; the export folder's own schema comes before the login folder's", async () => {
    const countsBefore = await loadHotelCounts(store.db);
    const recountBefore = await latestRecount(store.db);
    const hotelsBefore = await countHotels(store.db);
    expect(countsBefore.get(FRANCE)).toBe(hotelsBefore);
    // 40 properties in a gzip cut short; the folder carries our own schema, so only the truncation can stop the
    // run (the login folder's schema would refuse it). Nothing may be recounted: no new recount, the same counts.
    const gz = gzipSync(
      range(1, 40)
        .map((n) => JSON.stringify(hotel(n, { is_vr: true })))
        .join("\n"),
    );
    writeExport({ "hotels.jsonl.gz": gz.subarray(0, gz.length - 40) }, { dir: exportDir });
    const run = await runSyncCli([url(), "--json"], {
      ...baseEnv(),
      SFTP_PRIVATE_KEY_FILE: server.privateKeyFile,
      SFTP_HOST_FINGERPRINT: server.hostFingerprint,
    }).done;
    expect(run.code, run.stderr).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "failed", error: { code: "TRUNCATED_INPUT" } });
    expect(await loadHotelCounts(store.db)).toEqual(countsBefore);
    expect(await latestRecount(store.db)).toEqual(recountBefore);
    expect(await countHotels(store.db)).toBe(hotelsBefore);
    expect((await getHotel(store.db, "H1"))?.record.is_vr).toBeUndefined();
  });

  it("refuses a password in the URL without showing it, and never shows SFTP_PASSWORD", async () => {
    const inUrl = "Url-Secret-4417";
    const runsBefore = await store.db.selectFrom("sync_runs").select("id").execute();
    const refused = await runSyncCli(
      [`sftp://${server.keyUser}:${inUrl}@127.0.0.1:${server.port}${exportDir}`, "--json"],
      {
        ...baseEnv(),
        SFTP_PRIVATE_KEY_FILE: server.privateKeyFile,
        SFTP_HOST_FINGERPRINT: server.hostFingerprint,
        LOG_LEVEL: "debug",
      },
    ).done;
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ status: "failed", error: { code: "INVALID_SOURCE" } });
    expect(refused.stderr).toContain("Put the SFTP password in SFTP_PASSWORD");
    expect(refused.stdout + refused.stderr).not.toContain(inUrl);
    expect(await store.db.selectFrom("sync_runs").select("id").execute()).toEqual(runsBefore);

    // The environment's password, tried against the real server (a wrong one: the login fails), is never printed.
    if (!server.passwordUser) throw new Error("this test needs root to create the sshd's password user");
    const inEnv = "Env-Secret-9051";
    const wrong = await runSyncCli([url(server.passwordUser.name), "--json"], {
      ...baseEnv(),
      SFTP_PASSWORD: inEnv,
      SFTP_HOST_FINGERPRINT: server.hostFingerprint,
      LOG_LEVEL: "debug",
    }).done;
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout)).toMatchObject({ status: "failed", error: { code: "SFTP_AUTH_FAILED" } });
    expect(wrong.stdout + wrong.stderr).not.toContain(inEnv);
  });
});

describe("a password in an SFTP URL", () => {
  it("is refused, and the refusal never repeats it, however the URL is written", () => {
    const cfg = { ...config(), SFTP_PRIVATE_KEY_FILE: undefined, SFTP_PASSWORD: "x" };
    for (const spec of [
      "sftp://partner:Hidden-Pass-1@sftp.example.com:22/export",
      "sftp://partner:Hidden-Pass-1@sftp.example.com:99999/export", // not a valid URL (port out of range)
      "SFTP://partner:Hidden-Pass-1@sftp.example.com/export",
      "ftp://partner:Hidden-Pass-1@sftp.example.com/export", // not a supported source
      // Passwords with the characters that end a URL's authority: not valid URLs, named without the password.
      "sftp://partner:Hidden-Pass-1/x@sftp.example.com/export",
      "sftp://partner:Hidden-Pass-1?x@sftp.example.com/export",
      "sftp://partner:Hidden-Pass-1#x@sftp.example.com/export",
      "sftp://partner:Hidden-Pass-1@x@sftp.example.com:99999/export",
    ]) {
      let error: Error | undefined;
      try {
        openSource(spec, cfg, log);
      } catch (e) {
        error = e as Error;
      }
      expect(error, spec).toMatchObject({ code: "INVALID_SOURCE" });
      expect(error!.message, spec).not.toContain("Hidden-Pass-1");
      if (/not (a valid|supported)/i.test(error!.message)) expect(error!.message, spec).toContain("partner:***@");
    }
    expect(parseSftpUrl("sftp://partner@sftp.example.com:2222/export")).toEqual({
      host: "sftp.example.com",
      port: 2222,
      username: "partner",
      dir: "/export",
    });
  });
});

describe("export files (README: SFTP layout and file naming)", () => {
  it("reads a .json file that does not start with '[' as JSON Lines, and one that does as an array", async () => {
    const store = await openTestStore("sqlite");
    try {
      const lines = range(1, 3)
        .map((n) => JSON.stringify(hotel(n)))
        .join("\n");
      const array = `\ufeff \n\t[${range(4, 5)
        .map((n) => JSON.stringify(hotel(n)))
        .join(",\n")}]\n`;
      const dir = writeExport({ "a-lines.json": lines + "\n", "b-array.json": array });
      const s = await syncDir(store, dir);
      expect(s).toMatchObject({ status: "published", new: 5, rejected: 0 });
      expect(s.files.map((f) => [f.name, f.records])).toEqual([
        ["a-lines.json", 3],
        ["b-array.json", 2],
      ]);
    } finally {
      await store.drop();
    }
  });
});

describe.each(STORE_KINDS)("rejected records in the %s store (README: Bad records)", (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store?.drop();
  });

  it("keeps at most 10 000 rejections of a run in detail, the first ones, and counts all of them exactly", async () => {
    expect(REJECTED_DETAIL_LIMIT).toBe(10_000);
    const bad = 10_037;
    // Spread over many batches (500 records each), with valid records between them.
    const records: string[] = [];
    for (let i = 1; i <= bad; i++) {
      records.push(`{"id":"BAD-${i}", not json`);
      if (i % 1000 === 0) records.push(JSON.stringify(hotel(i)));
    }
    const dir = writeExport({ "hotels.jsonl": records.join("\n") + "\n" });
    const s = await syncDir(store, dir, { maxRejectedShare: 1 });
    expect(s).toMatchObject({ status: "published", new: 10, rejected: bad });
    const run = await store.db
      .selectFrom("sync_runs")
      .select("rejected")
      .where("id", "=", s.runId)
      .executeTakeFirstOrThrow();
    expect(run.rejected).toBe(bad);
    const kept = await store.db
      .selectFrom("rejected_records")
      .select(["line"])
      .where("run_id", "=", s.runId)
      .orderBy("line")
      .execute();
    expect(kept).toHaveLength(10_000);
    // Line numbers of the first 10 000 bad records (a valid record follows every thousandth).
    const lineOfBad = (i: number) => i + Math.floor((i - 1) / 1000);
    expect(kept[0]!.line).toBe(lineOfBad(1));
    expect(kept.at(-1)!.line).toBe(lineOfBad(10_000));
  });
});

describe("the progress line off a terminal (README: Content sync)", () => {
  const tty = Object.getOwnPropertyDescriptor(process.stderr, "isTTY");
  afterEach(() => {
    vi.restoreAllMocks();
    if (tty) Object.defineProperty(process.stderr, "isTTY", tty);
    else delete (process.stderr as { isTTY?: boolean }).isTTY;
  });

  it("is logged every 5 s, not more often", () => {
    Object.defineProperty(process.stderr, "isTTY", { value: false, configurable: true });
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
    const progress = progressReporter("sync", "bytes");
    const logged: number[] = [];
    // An update every 100 ms for 12 s.
    for (let t = 0; t <= 12_000; t += 100) {
      now = 1_000_000 + t;
      progress.update(t, 12_000, { records: t });
      if (info.mock.calls.length > logged.length) logged.push(t);
    }
    progress.stop();
    expect(info.mock.calls.every(([, msg]) => msg === "sync progress")).toBe(true);
    expect(info.mock.calls[0]![0]).toMatchObject({ done: 0, total: 12_000, records: 0 });
    // The first update, then the first one more than 5 s after the last line.
    expect(logged).toEqual([0, 5100, 10_200]);
  });
});
