import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { freePort } from "./ports";

/**
 * A real OpenSSH server for tests: Debian's sshd with a generated host key and user key, serving SFTP on a loopback
 * high port with OpenSSH's own SFTP server (internal-sftp: sftp-server's code inside sshd, as SFTP-only hosts are
 * usually set up). Started and stopped by the tests that need it.
 *
 * Not the external /usr/lib/openssh/sftp-server: sshd starts a subsystem through the user's shell, and bash then reads
 * the user's ~/.bashrc (run over SSH), which on a machine with a heavy shell set-up (this machine kind's root runs
 * `pyenv init`) added 400 ms to every connection: the machine's shell measured, not the sync.
 */
export interface SftpServer {
  host: string;
  port: number;
  /** The user the key logs in as (the user running the tests). */
  keyUser: string;
  privateKeyFile: string;
  /** A local user with a password, when the tests run as root (null otherwise). */
  passwordUser: { name: string; password: string } | null;
  hostFingerprint: string;
  stop(): Promise<void>;
}

const SSHD = "/usr/sbin/sshd";
const PASSWORD_USER = "hotelsftp";

export function sshdAvailable(): boolean {
  return fs.existsSync(SSHD);
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sshd exited (${child.exitCode}): ${log()}`);
    const ok = await new Promise<boolean>((res) => {
      const s = net.connect(port, "127.0.0.1", () => {
        s.destroy();
        res(true);
      });
      s.on("error", () => res(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`sshd did not listen on ${port}: ${log()}`);
}

function ensurePasswordUser(): { name: string; password: string } | null {
  if (process.getuid?.() !== 0) return null;
  const password = randomBytes(12).toString("base64url");
  try {
    execFileSync("id", [PASSWORD_USER], { stdio: "ignore" });
  } catch {
    execFileSync("useradd", ["--no-create-home", "--home-dir", "/nonexistent", "--shell", "/bin/sh", PASSWORD_USER], {
      stdio: "ignore",
    });
  }
  execFileSync("chpasswd", { input: `${PASSWORD_USER}:${password}\n` });
  return { name: PASSWORD_USER, password };
}

/**
 * `startDirectory`: the folder every login starts in (internal-sftp -d), standing in for the login (home) directory
 * so a test can put files there without touching the machine's real home directories.
 */
export async function startSftpServer(opts: { startDirectory?: string } = {}): Promise<SftpServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sshd-"));
  fs.chmodSync(dir, 0o755);
  const keygen = (file: string) =>
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "test", "-f", file]);
  keygen(path.join(dir, "host_key"));
  keygen(path.join(dir, "user_key"));
  fs.copyFileSync(path.join(dir, "user_key.pub"), path.join(dir, "authorized_keys"));
  fs.chmodSync(path.join(dir, "authorized_keys"), 0o644);
  const hostFingerprint = execFileSync("ssh-keygen", ["-l", "-E", "sha256", "-f", path.join(dir, "host_key.pub")])
    .toString()
    .split(" ")[1]!;
  const port = await freePort();
  fs.mkdirSync("/run/sshd", { recursive: true, mode: 0o755 });
  const config = [
    `Port ${port}`,
    "ListenAddress 127.0.0.1",
    `HostKey ${path.join(dir, "host_key")}`,
    `PidFile ${path.join(dir, "sshd.pid")}`,
    `AuthorizedKeysFile ${path.join(dir, "authorized_keys")}`,
    "StrictModes no",
    "PermitRootLogin prohibit-password",
    "PasswordAuthentication yes",
    "KbdInteractiveAuthentication no",
    "UsePAM no",
    `Subsystem sftp internal-sftp${opts.startDirectory ? ` -d ${opts.startDirectory}` : ""}`,
    "MaxStartups 100",
    "MaxSessions 50",
    "LogLevel ERROR",
  ].join("\n");
  fs.writeFileSync(path.join(dir, "sshd_config"), config + "\n");
  const passwordUser = ensurePasswordUser();
  const child = spawn(SSHD, ["-D", "-e", "-f", path.join(dir, "sshd_config")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  await waitForPort(port, child, () => stderr);
  return {
    host: "127.0.0.1",
    port,
    keyUser: os.userInfo().username,
    privateKeyFile: path.join(dir, "user_key"),
    passwordUser,
    hostFingerprint,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A loopback TCP relay in front of a server that counts the connections made through it and the bytes the server
 * sent (a listing is a few kilobytes with the SSH handshake, a download more) and, given `cutAfterBytes`,
 * cuts the first connection after it has carried that many bytes from the server: a connection drop in the middle of
 * a transfer, which a healthy local sshd never produces.
 */
export async function startRelay(
  target: number,
  cutAfterBytes = Infinity,
  onCut?: () => void,
): Promise<{ port: number; cuts: number; connections: number; fromServer: number; stop(): Promise<void> }> {
  const port = await freePort();
  const state = { cuts: 0, connections: 0, fromServer: 0, armed: true };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    state.connections++;
    const upstream = net.connect(target, "127.0.0.1");
    sockets.add(client).add(upstream);
    const cutThis = state.armed;
    let carried = 0;
    upstream.on("data", (d: Buffer) => {
      carried += d.length;
      if (cutThis && state.armed && carried > cutAfterBytes) {
        state.armed = false;
        state.cuts++;
        onCut?.();
        client.destroy();
        upstream.destroy();
        return;
      }
      state.fromServer += d.length;
      client.write(d);
    });
    client.on("data", (d: Buffer) => upstream.write(d));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return {
    port,
    get cuts() {
      return state.cuts;
    },
    get connections() {
      return state.connections;
    },
    get fromServer() {
      return state.fromServer;
    },
    stop: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
