import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  capturingLog,
  startRelay,
  startSftpServer,
  sshdAvailable,
  type SftpServer,
  openTestStore,
  type TestStore,
  hotel,
  range,
  tempDir,
  writeExport,
  runSyncCli,
} from "@/lib/testing";
import { SftpSource } from "../sources";
import { syncExport } from "..";
import { countHotels, recentRuns } from "@/lib/hotels";

/**
 * What a partner's SFTP server or an operator's setting can get wrong, against a real OpenSSH server: each failure
 * has its own code and a one-line message, fails without retrying what cannot succeed, and the command prints it
 * (and with --json its summary, the recorded run's when the run had started).
 */
if (!sshdAvailable())
  throw new Error("OpenSSH server not installed: apt-get install openssh-server (the CI script does)");

let server: SftpServer;
let store: TestStore;
beforeAll(async () => {
  server = await startSftpServer();
  store = await openTestStore("sqlite");
});
afterAll(async () => {
  await store?.drop();
  await server?.stop();
});

/** An export folder the password user (not root: permissions apply to it) may list, with `hotels.jsonl` in it. */
function exportForThePasswordUser(): string {
  const dir = writeExport({ "hotels.jsonl": range(1, 20).map((n) => hotel(n)) });
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(path.join(dir, "schemas"), 0o755);
  for (const f of ["hotels.jsonl", "schemas/HotelFtpExport.json"]) fs.chmodSync(path.join(dir, f), 0o644);
  return dir;
}

function passwordUser() {
  if (!server.passwordUser) throw new Error("these tests need root to create the sshd's (non-root) password user");
  return server.passwordUser;
}

const defaults = { maxRemovedShare: 0.2, maxRejectedShare: 0.1, lockStaleSeconds: 30 };
const relays: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const r of relays.splice(0)) await r.stop();
});

/** The JSON lines a command logged (pino, stderr). */
const logLines = (stderr: string) =>
  stderr
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { msg: string });

/** What the command's environment always holds here: the test store; retries that would come at once. */
const baseEnv = () => ({
  DATABASE_URL: store.databaseUrl,
  SFTP_HOST_FINGERPRINT: server.hostFingerprint,
  SFTP_RETRIES: "5",
  SFTP_RETRY_BASE_MS: "1",
  NODE_ENV: "test",
});

describe("what the partner's server refuses", () => {
  it("a folder that does not exist fails at once with SOURCE_NOT_FOUND: one connection, no retry", async () => {
    const relay = await startRelay(server.port);
    relays.push(relay);
    const missing = path.join(tempDir(), "no-such-folder");
    const { log, lines } = capturingLog();
    const before = await countHotels(store.db);
    const failure = syncExport({
      store,
      source: new SftpSource({
        host: "127.0.0.1",
        port: relay.port,
        username: server.keyUser,
        dir: missing,
        privateKey: fs.readFileSync(server.privateKeyFile),
        hostFingerprint: server.hostFingerprint,
        retries: 5,
        retryBaseMs: 1,
        log,
      }),
      log,
      threads: false,
      ...defaults,
    });
    await expect(failure).rejects.toMatchObject({ code: "SOURCE_NOT_FOUND", field: "source" });
    await expect(failure).rejects.toThrow(`has no folder ${missing} (user ${server.keyUser})`);
    expect(relay.connections).toBe(1);
    expect(lines.filter((l) => l.msg === "sftp retry")).toEqual([]);
    expect((await recentRuns(store.db, 1))[0]).toMatchObject({ status: "failed", error_code: "SOURCE_NOT_FOUND" });
    expect(await countHotels(store.db)).toBe(before);
  });

  it("a folder the SFTP user may not read fails at once with SOURCE_PERMISSION_DENIED", async () => {
    const user = passwordUser();
    const dir = exportForThePasswordUser();
    fs.chmodSync(dir, 0o700); // root's own: the password user may not look inside
    const relay = await startRelay(server.port);
    relays.push(relay);
    const { log, lines } = capturingLog();
    const failure = syncExport({
      store,
      source: new SftpSource({
        host: "127.0.0.1",
        port: relay.port,
        username: user.name,
        dir,
        password: user.password,
        hostFingerprint: server.hostFingerprint,
        retries: 5,
        retryBaseMs: 1,
        log,
      }),
      log,
      threads: false,
      ...defaults,
    });
    await expect(failure).rejects.toMatchObject({ code: "SOURCE_PERMISSION_DENIED" });
    await expect(failure).rejects.toThrow(`does not let ${user.name} read the folder ${dir} (permission denied)`);
    expect(relay.connections).toBe(1);
    expect(lines.filter((l) => /retry|interrupted/.test(String(l.msg)))).toEqual([]);
    expect((await recentRuns(store.db, 1))[0]).toMatchObject({
      status: "failed",
      error_code: "SOURCE_PERMISSION_DENIED",
    });
  });

  it("a file the SFTP user may not read, run as a user runs it: its code, the JSON summary, the run's record", async () => {
    const user = passwordUser();
    const dir = exportForThePasswordUser();
    fs.chmodSync(path.join(dir, "hotels.jsonl"), 0o000);
    const relay = await startRelay(server.port);
    relays.push(relay);
    const run = await runSyncCli([`sftp://${user.name}@127.0.0.1:${relay.port}${dir}`, "--json"], {
      ...baseEnv(),
      SFTP_PASSWORD: user.password,
      SYNC_THREADS: "true",
    }).done;
    expect(run.code, run.stderr).toBe(1);
    const summary = JSON.parse(run.stdout) as { runId: number };
    expect(summary).toMatchObject({
      status: "failed",
      source: `sftp://${user.name}@127.0.0.1:${relay.port}${dir}`,
      error: {
        code: "SOURCE_PERMISSION_DENIED",
        message: `The SFTP server 127.0.0.1:${relay.port} does not let ${user.name} read the file ${dir}/hotels.jsonl (permission denied)`,
      },
    });
    expect(run.stderr).toContain("sync failed: SOURCE_PERMISSION_DENIED: ");
    const messages = logLines(run.stderr).map((l) => l.msg);
    expect(messages).not.toContain("sync crashed");
    expect(messages.filter((m) => /retry|interrupted|resumed/.test(m))).toEqual([]);
    // The main thread (schema, listing) and the reader thread connect once each.
    expect(relay.connections).toBe(2);
    const [recorded] = await recentRuns(store.db, 1);
    expect(recorded).toMatchObject({
      id: summary.runId,
      status: "failed",
      error_code: "SOURCE_PERMISSION_DENIED",
      error_message: expect.stringContaining(`${dir}/hotels.jsonl`),
    });
  });

  it("a missing folder from the command: SOURCE_NOT_FOUND in its JSON summary, never SFTP_UNAVAILABLE", async () => {
    const missing = path.join(tempDir(), "gone");
    const run = await runSyncCli([`sftp://${server.keyUser}@127.0.0.1:${server.port}${missing}`, "--json"], {
      ...baseEnv(),
      SFTP_PRIVATE_KEY_FILE: server.privateKeyFile,
    }).done;
    expect(run.code, run.stderr).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "failed", error: { code: "SOURCE_NOT_FOUND" } });
    expect(logLines(run.stderr).filter((l) => l.msg === "sftp retry")).toEqual([]);
  });
});

describe("what an operator's setting gets wrong, found before connecting", () => {
  it("a host name that does not resolve: SFTP_HOST_NOT_FOUND at once, not a server that is down", async () => {
    // .invalid never resolves (RFC 6761): what a mistyped host name gets from DNS.
    const run = await runSyncCli(["sftp://partner@sftp.no-such-host.invalid:22/export", "--json"], {
      ...baseEnv(),
      SFTP_PRIVATE_KEY_FILE: server.privateKeyFile,
    }).done;
    expect(run.code, run.stderr).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      status: "failed",
      error: {
        code: "SFTP_HOST_NOT_FOUND",
        message: "The SFTP host name sftp.no-such-host.invalid does not resolve: check the source's URL",
      },
    });
    expect(logLines(run.stderr).filter((l) => l.msg === "sftp retry")).toEqual([]);
  });

  it("a malformed SFTP_HOST_FINGERPRINT: INVALID_CONFIG naming it, in the JSON too, exit 1", async () => {
    const relay = await startRelay(server.port);
    relays.push(relay);
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    const runsBefore = await recentRuns(store.db, 1);
    for (const fingerprint of ["SHA256:abc", "MD5:16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48", "ssh-ed25519"]) {
      const run = await runSyncCli([`sftp://${server.keyUser}@127.0.0.1:${relay.port}${dir}`, "--json"], {
        ...baseEnv(),
        SFTP_PRIVATE_KEY_FILE: server.privateKeyFile,
        SFTP_HOST_FINGERPRINT: fingerprint,
      }).done;
      expect(run.code, fingerprint).toBe(1);
      expect(JSON.parse(run.stdout), fingerprint).toEqual({
        status: "failed",
        error: { code: "INVALID_CONFIG", message: expect.stringMatching(/^SFTP_HOST_FINGERPRINT: /) },
      });
      expect(run.stderr.trim().split("\n"), fingerprint).toEqual([
        expect.stringMatching(/^sync failed: INVALID_CONFIG: SFTP_HOST_FINGERPRINT: must look like SHA256:/),
      ]);
    }
    expect(relay.connections).toBe(0);
    // Nothing was attempted, so no run is recorded (the run's record begins with the run).
    expect(await recentRuns(store.db, 1)).toEqual(runsBefore);
  });

  it("a store that cannot be opened: STORE_UNAVAILABLE naming DATABASE_URL, never a crash", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    // Nothing listens on port 1: a PostgreSQL server that is down, or a mistyped port.
    const run = await runSyncCli([dir, "--json"], { ...baseEnv(), DATABASE_URL: "postgres://sync@127.0.0.1:1/hotels" })
      .done;
    expect(run.code, run.stderr).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      status: "failed",
      error: {
        code: "STORE_UNAVAILABLE",
        message: expect.stringMatching(/^Cannot open the store DATABASE_URL names: /),
      },
    });
    expect(logLines(run.stderr).map((l) => l.msg)).not.toContain("sync crashed");
  });

  it("a key file that is not a usable private key: INVALID_CONFIG naming the setting at fault", async () => {
    const relay = await startRelay(server.port);
    relays.push(relay);
    const keys = tempDir("keys-");
    const encrypted = path.join(keys, "encrypted");
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "a passphrase", "-C", "test", "-f", encrypted]);
    const garbage = path.join(keys, "garbage");
    fs.writeFileSync(garbage, "not a key\n");
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ SFTP_PRIVATE_KEY_FILE: garbage }, "SFTP_PRIVATE_KEY_FILE", /is not a private key/],
      [{ SFTP_PRIVATE_KEY_FILE: `${server.privateKeyFile}.pub` }, "SFTP_PRIVATE_KEY_FILE", /holds a public key/],
      [{ SFTP_PRIVATE_KEY_FILE: encrypted }, "SFTP_PASSPHRASE", /is encrypted .*set SFTP_PASSPHRASE/],
      [{ SFTP_PRIVATE_KEY_FILE: encrypted, SFTP_PASSPHRASE: "wrong" }, "SFTP_PASSPHRASE", /wrong SFTP_PASSPHRASE/],
    ];
    for (const [env, setting, message] of cases) {
      const run = await runSyncCli([`sftp://${server.keyUser}@127.0.0.1:${relay.port}${dir}`, "--json"], {
        ...baseEnv(),
        ...env,
      }).done;
      expect(run.code, setting).toBe(1);
      const { error } = JSON.parse(run.stdout) as { error: { code: string; message: string } };
      expect(error.code, JSON.stringify(env)).toBe("INVALID_CONFIG");
      expect(error.message, JSON.stringify(env)).toMatch(message);
      expect(error.message, JSON.stringify(env)).toContain(setting);
    }
    expect(relay.connections).toBe(0);
  });
});
