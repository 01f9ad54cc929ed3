import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import SftpClient from "ssh2-sftp-client";
import ssh2, { type Client, type SFTPWrapper } from "ssh2";
import { SyncError } from "../../errors";
import type { Logger } from "@/lib/log";
import { isExportFile } from "../records";
import { SCHEMA_REMOTE_PATH, type ExportFile, type ExportSource, type SourceSpec } from "./types";

export interface SftpOptions {
  host: string;
  port: number;
  username: string;
  /** Directory on the server that holds the export. */
  dir: string;
  privateKey?: Buffer;
  passphrase?: string;
  password?: string;
  /** "SHA256:…" as ssh-keygen -l prints it: any other host key is refused. */
  hostFingerprint?: string;
  /** The documented opt-out (SFTP_ACCEPT_ANY_HOST_KEY): without a pinned fingerprint, accept whatever key is shown. */
  acceptAnyHostKey?: boolean;
  retries: number;
  retryBaseMs: number;
  log: Logger;
}

const CHUNK = 32 * 1024;
/** The largest schema file read from a server (ours is about 20 KB). */
export const MAX_SCHEMA_BYTES = 1024 * 1024;
const IN_FLIGHT = 64;
/** A transfer that delivers nothing for this long is treated as a dropped connection. */
const STALL_MS = 30_000;

export function fingerprint(key: Buffer): string {
  return `SHA256:${createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;
}

/**
 * A URL as shown in a message: a password written in it (refused anyway) is never repeated. Everything between the
 * user name and the last "@" is the password as far as this is concerned (a malformed URL's password may hold "/",
 * "?" or "#"), so at worst a path with an "@" is hidden too.
 */
export function withoutPassword(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)(.*)@/is.exec(url);
  if (!m) return url;
  const user = m[2]!.split(/[:/?#]/, 1)[0]!;
  return m[2] === user ? url : `${m[1]}${user}:***@${url.slice(m[0].length)}`;
}

/** Parses sftp://user@host:port/path. Passwords never travel in the URL (they would show in process lists). */
export function parseSftpUrl(url: string): { host: string; port: number; username: string; dir: string } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new SyncError({
      code: "INVALID_SOURCE",
      message: `Not a valid URL: ${withoutPassword(url)}`,
      field: "source",
    });
  }
  if (u.password) {
    throw new SyncError({
      code: "INVALID_SOURCE",
      message: "Put the SFTP password in SFTP_PASSWORD (or use SFTP_PRIVATE_KEY_FILE), not in the URL",
      field: "source",
    });
  }
  if (!u.username) {
    throw new SyncError({
      code: "INVALID_SOURCE",
      message: "The SFTP URL needs a user: sftp://user@host:port/path",
      field: "source",
    });
  }
  return {
    host: u.hostname.replace(/^\[|\]$/g, ""),
    port: u.port ? Number(u.port) : 22,
    username: decodeURIComponent(u.username),
    dir: decodeURIComponent(u.pathname) || "/",
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The SFTP statuses (ssh2 gives their numbers as the error's code) that no retry can change: the path is not there,
 * or this user may not read it. ssh2-sftp-client's stat reports the first as ENOENT. Anything else (a dropped
 * connection, a timeout, the server's generic FAILURE) may pass and is retried.
 */
const { NO_SUCH_FILE, PERMISSION_DENIED } = ssh2.utils.sftp.STATUS_CODE;
type Permanent = "not-found" | "permission-denied";
function permanentStatus(e: unknown): Permanent | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === NO_SUCH_FILE || code === "ENOENT") return "not-found";
  if (code === PERMISSION_DENIED || code === "EACCES") return "permission-denied";
  return undefined;
}

/**
 * An export folder on an SFTP server. Reads are pipelined (several requests in flight) and resumable: when the
 * connection drops, it reconnects with exponential backoff and continues at the byte where it stopped, provided the
 * file is still the same one (size and mtime); a replaced file fails with SOURCE_CHANGED so the run starts over.
 */
export class SftpSource implements ExportSource {
  readonly label: string;
  private client: SftpClient | null = null;
  /** Notified when the current connection closes, so reads in flight fail instead of waiting forever. */
  private readonly closeListeners = new Set<() => void>();

  constructor(private readonly opts: SftpOptions) {
    this.label = `sftp://${opts.username}@${opts.host}:${opts.port}${opts.dir}`;
  }

  private async connect(): Promise<SftpClient> {
    if (this.client) return this.client;
    // The library's default listeners print to stdout, which would corrupt `sync --json`: log them instead.
    const log = this.opts.log;
    const client = new SftpClient("hotel-sync", {
      error: (e: unknown) => log.debug({ err: (e as Error).message }, "sftp connection error"),
      end: () => log.debug("sftp connection ended"),
      close: () => log.debug("sftp connection closed"),
    });
    // Without TCP_NODELAY each small SSH packet waits for the previous one's acknowledgement, which the server delays:
    // every round trip of the handshake and of each SFTP command (schema, listing, stat) stalled about 40 ms.
    // ssh2-sftp-client keeps its ssh2 Client as .client (not in its types): should that change, only the stall is back.
    const ssh = (client as unknown as { client?: Client }).client;
    if (typeof ssh?.once === "function") ssh.once("connect", () => ssh.setNoDelay(true));
    else log.debug("sftp: the ssh2 client was not found; TCP_NODELAY not set");
    const { hostFingerprint } = this.opts;
    let presented: string | undefined;
    try {
      await client.connect({
        host: this.opts.host,
        port: this.opts.port,
        username: this.opts.username,
        privateKey: this.opts.privateKey,
        passphrase: this.opts.passphrase,
        password: this.opts.password,
        readyTimeout: 15_000,
        retries: 0,
        hostVerifier: (key: Buffer) => {
          presented = fingerprint(key);
          return hostFingerprint ? presented === hostFingerprint : this.opts.acceptAnyHostKey === true;
        },
      });
    } catch (e) {
      await client.end().catch(() => undefined);
      if (hostFingerprint && presented && presented !== hostFingerprint) {
        throw new SyncError({
          code: "SFTP_HOST_KEY_MISMATCH",
          message: `The server's host key ${presented} is not the configured SFTP_HOST_FINGERPRINT`,
          field: "SFTP_HOST_FINGERPRINT",
        });
      }
      if (!hostFingerprint && presented && !this.opts.acceptAnyHostKey) {
        // Never a silent trust on first use: the operator pins the key the server showed (after checking it).
        throw new SyncError({
          code: "SFTP_HOST_KEY_NOT_PINNED",
          message:
            `The server ${this.opts.host}:${this.opts.port} shows host key ${presented}. Check it with the ` +
            `server's operator, then set SFTP_HOST_FINGERPRINT=${presented} (or SFTP_ACCEPT_ANY_HOST_KEY=true to ` +
            "accept any key, which lets anyone in the middle serve the export)",
          field: "SFTP_HOST_FINGERPRINT",
        });
      }
      // A name no DNS server knows stays unknown however often it is asked (a failing resolver says EAI_AGAIN).
      if ((e as { code?: unknown }).code === "ENOTFOUND") {
        throw new SyncError({
          code: "SFTP_HOST_NOT_FOUND",
          message: `The SFTP host name ${this.opts.host} does not resolve: check the source's URL`,
          field: "source",
          cause: e,
        });
      }
      const msg = (e as Error).message;
      if (/authentication/i.test(msg)) {
        throw new SyncError({
          code: "SFTP_AUTH_FAILED",
          message: `SFTP login refused for ${this.label}`,
          cause: e,
        });
      }
      throw e;
    }
    client.on("close", () => {
      for (const listener of [...this.closeListeners]) listener();
    });
    if (!hostFingerprint)
      this.opts.log.warn(
        { fingerprint: presented },
        "SFTP host key accepted unpinned (SFTP_ACCEPT_ANY_HOST_KEY); pin it with SFTP_HOST_FINGERPRINT",
      );
    this.client = client;
    return client;
  }

  private async reset(): Promise<void> {
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }

  /**
   * Runs an operation on `remotePath`, reconnecting with backoff when the connection fails; an answer no retry can
   * change (no such path, permission denied) fails at once with its own code.
   */
  private async withRetry<T>(what: string, remotePath: string, op: (c: SftpClient) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await op(await this.connect());
      } catch (e) {
        if (e instanceof SyncError) throw e;
        const permanent = permanentStatus(e);
        if (permanent) throw this.refused(permanent, remotePath, e);
        await this.reset();
        if (attempt >= this.opts.retries) throw this.unavailable(what, e);
        const wait = this.opts.retryBaseMs * 2 ** attempt;
        this.opts.log.warn({ what, attempt: attempt + 1, waitMs: wait, err: (e as Error).message }, "sftp retry");
        await sleep(wait);
      }
    }
  }

  private unavailable(what: string, e: unknown): SyncError {
    return new SyncError({
      code: "SFTP_UNAVAILABLE",
      message: `SFTP ${what} failed after ${this.opts.retries + 1} attempts: ${(e as Error).message}`,
      cause: e,
    });
  }

  /** The server's answer about a path when it cannot change: SOURCE_NOT_FOUND or SOURCE_PERMISSION_DENIED. */
  private refused(status: Permanent, remotePath: string, e: unknown): SyncError {
    const { username, host, port, dir } = this.opts;
    // OpenSSH answers NO_SUCH_FILE for a listing of a file too (ENOTDIR): the source must be a folder.
    const kind = remotePath === dir ? "folder" : "file";
    return status === "not-found"
      ? new SyncError({
          code: "SOURCE_NOT_FOUND",
          message: `The SFTP server ${host}:${port} has no ${kind} ${remotePath} (user ${username}): check the source's path`,
          field: "source",
          cause: e,
        })
      : new SyncError({
          code: "SOURCE_PERMISSION_DENIED",
          message: `The SFTP server ${host}:${port} does not let ${username} read the ${kind} ${remotePath} (permission denied)`,
          field: "source",
          cause: e,
        });
  }

  private remote(name: string): string {
    return path.posix.join(this.opts.dir, name);
  }

  async listFiles(): Promise<ExportFile[]> {
    const entries = await this.withRetry("list", this.opts.dir, (c) => c.list(this.opts.dir));
    return entries
      .filter((e) => e.type === "-" && isExportFile(e.name))
      .map((e) => ({ name: e.name, size: e.size, mtime: e.modifyTime }))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  async *read(file: ExportFile): AsyncIterable<Buffer> {
    let offset = 0;
    for (let attempt = 0; ; attempt++) {
      try {
        const client = await this.connect();
        if (attempt > 0) {
          const st = await client.stat(this.remote(file.name));
          if (st.size !== file.size || st.modifyTime !== file.mtime) {
            throw new SyncError({
              code: "SOURCE_CHANGED",
              message: `${file.name} was replaced on the server during the transfer`,
              field: file.name,
            });
          }
          this.opts.log.info({ file: file.name, offset }, "sftp transfer resumed");
        }
        for await (const chunk of readPipelined(
          (client as unknown as { sftp: SFTPWrapper }).sftp,
          this.remote(file.name),
          offset,
          file.size,
          (listener) => {
            this.closeListeners.add(listener);
            return () => this.closeListeners.delete(listener);
          },
        )) {
          offset += chunk.length;
          attempt = 0;
          yield chunk;
        }
        return;
      } catch (e) {
        if (e instanceof SyncError) throw e;
        const permanent = permanentStatus(e);
        if (permanent === "not-found") {
          // Listed a moment ago: removed (or replaced by a rename) since, so the run starts over on the new listing.
          throw new SyncError({
            code: "SOURCE_CHANGED",
            message: `${file.name} was removed from the server during the run`,
            field: file.name,
            cause: e,
          });
        }
        if (permanent) throw this.refused(permanent, this.remote(file.name), e);
        await this.reset();
        if (attempt >= this.opts.retries) throw this.unavailable(`transfer of ${file.name}`, e);
        const wait = this.opts.retryBaseMs * 2 ** attempt;
        this.opts.log.warn(
          { file: file.name, offset, attempt: attempt + 1, waitMs: wait, err: (e as Error).message },
          "sftp transfer interrupted",
        );
        await sleep(wait);
      }
    }
  }

  async readSchema(): Promise<string | null> {
    const candidates = [this.remote(SCHEMA_REMOTE_PATH), SCHEMA_REMOTE_PATH];
    return this.withRetry("schema fetch", candidates.join(" or "), async (c) => {
      for (const candidate of candidates) {
        try {
          if ((await c.exists(candidate)) !== "-") continue;
          const { size } = await c.stat(candidate);
          if (size > MAX_SCHEMA_BYTES) {
            throw new SyncError({
              code: "SCHEMA_TOO_LARGE",
              message: `The server's ${SCHEMA_REMOTE_PATH} is ${size} bytes; a schema is read only up to ${MAX_SCHEMA_BYTES} bytes`,
            });
          }
          return ((await c.get(candidate)) as Buffer).toString("utf8");
        } catch (e) {
          const permanent = permanentStatus(e);
          if (!permanent) throw e;
          // The login directory's fallback copy is optional: one this user may not read counts as absent.
          if (candidate === SCHEMA_REMOTE_PATH) continue;
          // Inside the export's folder a refusal is named, not taken for an absent schema: the folder itself when it
          // is the folder this user may not read (its listing is refused too), else the schema file.
          const folderRefused = await c.list(this.opts.dir).then(
            () => undefined,
            (l: unknown) => permanentStatus(l),
          );
          throw folderRefused ? this.refused(folderRefused, this.opts.dir, e) : this.refused(permanent, candidate, e);
        }
      }
      return null;
    });
  }

  async close(): Promise<void> {
    await this.reset();
  }

  spec(): SourceSpec {
    const { log: _log, ...options } = this.opts;
    void _log;
    return { kind: "sftp", options: options as unknown as Record<string, unknown> };
  }
}

/** Reads [start, size) with IN_FLIGHT requests outstanding, yielding the bytes in order. */
async function* readPipelined(
  sftp: SFTPWrapper,
  file: string,
  start: number,
  size: number,
  onClose: (listener: () => void) => () => void,
): AsyncGenerator<Buffer> {
  // Every request in flight is settled exactly once: by its answer, by the connection closing, or by a stall.
  // (Racing each read against one long-lived "closed" promise would pin every chunk in memory.)
  const waiting = new Set<(e: Error) => void>();
  const failAll = (e: Error) => {
    for (const reject of [...waiting]) reject(e);
  };
  const unsubscribe = onClose(() => failAll(new Error("connection closed")));
  let stallTimer: NodeJS.Timeout | undefined;
  const armStall = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => failAll(new Error(`no data for ${STALL_MS / 1000} s`)), STALL_MS);
  };
  const request = <T>(start: (done: (err: Error | null | undefined, value?: T) => void) => void): Promise<T> => {
    const p = new Promise<T>((resolve, reject) => {
      waiting.add(reject);
      start((err, value) => {
        waiting.delete(reject);
        if (err) reject(err);
        else resolve(value as T);
      });
    });
    p.catch(() => undefined); // awaited by the caller; a dropped connection rejects them all at once
    return p;
  };

  const queue: { pos: number; len: number; data: Promise<Buffer> }[] = [];
  let next = start;
  armStall();
  const handle = await request<Buffer>((done) => sftp.open(file, "r", done));
  const issue = () => {
    const pos = next;
    const len = Math.min(CHUNK, size - pos);
    next += len;
    const data = request<Buffer>((done) =>
      sftp.read(handle, Buffer.allocUnsafe(len), 0, len, pos, (err, n, buf) => done(err, buf?.subarray(0, n))),
    );
    queue.push({ pos, len, data });
  };
  try {
    while (next < size && queue.length < IN_FLIGHT) issue();
    while (queue.length) {
      const head = queue.shift()!;
      const buf = await head.data;
      armStall();
      if (buf.length === 0) throw new Error(`unexpected end of file at byte ${head.pos}`);
      yield buf;
      if (buf.length < head.len) {
        // Short read: drop what is in flight and continue right after the bytes we got.
        await Promise.allSettled(queue.map((q) => q.data));
        queue.length = 0;
        next = head.pos + buf.length;
      }
      while (next < size && queue.length < IN_FLIGHT) issue();
    }
  } finally {
    clearTimeout(stallTimer);
    unsubscribe();
    failAll(new Error("transfer abandoned"));
    try {
      sftp.close(handle, () => undefined);
    } catch {
      // the connection is gone; the handle with it
    }
  }
}

/**
 * The key file SFTP_PRIVATE_KEY_FILE names, checked before any connection: a file that is not a private key, or an
 * encrypted key without its passphrase, fails here naming the setting (ssh2 would fail every connection attempt).
 */
export function readPrivateKey(file: string | undefined, passphrase?: string): Buffer | undefined {
  if (!file) return undefined;
  let key: Buffer;
  try {
    key = fs.readFileSync(file);
  } catch {
    throw new SyncError({
      code: "INVALID_CONFIG",
      message: `Cannot read SFTP_PRIVATE_KEY_FILE ${file}`,
      field: "SFTP_PRIVATE_KEY_FILE",
    });
  }
  const parsed = ssh2.utils.parseKey(key, passphrase);
  if (parsed instanceof Error) {
    const field = /passphrase/i.test(parsed.message) ? "SFTP_PASSPHRASE" : "SFTP_PRIVATE_KEY_FILE";
    const why = passphrase ? "wrong SFTP_PASSPHRASE" : "set SFTP_PASSPHRASE";
    throw new SyncError({
      code: "INVALID_CONFIG",
      message:
        field === "SFTP_PASSPHRASE"
          ? `SFTP_PRIVATE_KEY_FILE ${file} is encrypted and could not be opened (${why})`
          : `SFTP_PRIVATE_KEY_FILE ${file} is not a private key (${parsed.message})`,
      field,
    });
  }
  for (const k of Array.isArray(parsed) ? parsed : [parsed]) {
    if (!k.isPrivateKey()) {
      throw new SyncError({
        code: "INVALID_CONFIG",
        message: `SFTP_PRIVATE_KEY_FILE ${file} holds a public key: name the private key file`,
        field: "SFTP_PRIVATE_KEY_FILE",
      });
    }
  }
  return key;
}
