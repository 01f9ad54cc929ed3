import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import path from "node:path";
import { tempDir } from "./exports";
import { freePort } from "./ports";

/**
 * HAProxy (Debian's haproxy) in front of app instances, run with the sample configuration operators copy
 * (docs/haproxy.cfg) and this test's ports, certificate and runtime-API socket in the environment variables that file
 * reads: what the documentation says is what runs here. `haproxy -db` stays in the foreground as a child of the test;
 * its request log (option httplog, on stdout) says which instance served each request.
 */
export const HAPROXY_CONFIG = path.join("docs", "haproxy.cfg");

export interface Haproxy {
  /** The HTTPS port (TLS ends here) and the plain HTTP one (redirects to HTTPS). */
  port: number;
  httpPort: number;
  /** The certificate HAProxy presents (self-signed, for the given host names): clients trust it as their CA. */
  ca: string;
  /** https://{host}:{port}: a host's origin through HAProxy. */
  origin(host: string): string;
  /** Everything HAProxy wrote (its request log and its own messages). */
  logs(): string;
  /** The request log's lines for a path (each names the backend and the instance: "app/app2"). */
  served(pathPart: string): string[];
  /** HAProxy's messages of instances going down or up (health checks, the runtime API), for failure messages. */
  transitions(): string[];
  /** One runtime-API command; its answer. */
  command(line: string): Promise<string>;
  /** Each instance's state as HAProxy sees it ("UP", "DOWN", "MAINT", "DRAIN", "UP 1/2"…). */
  states(): Promise<Record<string, string>>;
  /** Sends new requests to this instance only (the others in maintenance), as an operator can with the runtime API. */
  only(server: string): Promise<void>;
  /** Every instance ready again. */
  all(): Promise<void>;
  /** Waits until every listed instance has `state` (default: all UP). */
  waitFor(want: (states: Record<string, string>) => boolean, timeoutMs?: number): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

export interface HaproxyOptions {
  /** The instances by server name as docs/haproxy.cfg names them (app1, app2, app3): their loopback ports. */
  servers: Record<string, number>;
  /** The HTTPS port (chosen first when the brands' canonical URLs must name it). */
  port?: number;
  /** Host names the certificate names (127.0.0.1 and localhost always). */
  hosts?: string[];
}

/** A self-signed certificate for the hosts, with its key, as HAProxy's crt file wants it (one PEM). */
function certificate(dir: string, hosts: string[]): { pemFile: string; cert: string } {
  const names = [...new Set(["localhost", ...hosts])].map((h) => `DNS:${h}`);
  const run = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      `subjectAltName=${[...names, "IP:127.0.0.1"].join(",")}`,
      "-keyout",
      "key.pem",
      "-out",
      "cert.pem",
    ],
    { cwd: dir, encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`openssl could not make HAProxy's certificate: ${run.stderr}`);
  const cert = fs.readFileSync(path.join(dir, "cert.pem"), "utf8");
  const pemFile = path.join(dir, "site.pem");
  fs.writeFileSync(pemFile, cert + fs.readFileSync(path.join(dir, "key.pem"), "utf8"), { mode: 0o600 });
  return { pemFile, cert };
}

/** One line to the runtime API's unix socket; the answer, read until HAProxy closes the connection. */
function socketCommand(socket: string, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = net.createConnection(socket);
    let answer = "";
    c.setEncoding("utf8");
    c.on("connect", () => c.write(`${line}\n`));
    c.on("data", (d: string) => (answer += d));
    c.on("end", () => resolve(answer));
    c.on("error", reject);
  });
}

/** `show stat` (CSV) as each server's status in the backend `app`. */
function serverStates(csv: string): Record<string, string> {
  const [header, ...rows] = csv.trim().split("\n");
  const columns = header!.replace(/^# /, "").split(",");
  const [px, sv, status] = ["pxname", "svname", "status"].map((c) => columns.indexOf(c));
  const states: Record<string, string> = {};
  for (const row of rows) {
    const f = row.split(",");
    if (f[px!] === "app" && f[sv!] !== "BACKEND" && f[sv!] !== "FRONTEND") states[f[sv!]!] = f[status!]!;
  }
  return states;
}

export async function startHaproxy(opts: HaproxyOptions): Promise<Haproxy> {
  const dir = tempDir("haproxy-");
  const { pemFile, cert } = certificate(dir, opts.hosts ?? []);
  const port = opts.port ?? (await freePort());
  const httpPort = await freePort();
  const socket = path.join(dir, "admin.sock");
  const env: Record<string, string> = {
    HAPROXY_LOG: "stdout",
    HAPROXY_ADMIN_SOCKET: socket,
    HTTP_BIND: `127.0.0.1:${httpPort}`,
    HTTPS_BIND: `127.0.0.1:${port}`,
    TLS_CERT: pemFile,
    ...Object.fromEntries(Object.entries(opts.servers).map(([name, p]) => [name.toUpperCase(), `127.0.0.1:${p}`])),
  };
  const child: ChildProcess = spawn("haproxy", ["-f", HAPROXY_CONFIG, "-db"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);

  const command = async (line: string) => {
    const answer = await socketCommand(socket, line);
    // The runtime API answers a refused command with a message instead of an empty line.
    if (/^set server/.test(line) && answer.trim()) throw new Error(`haproxy: ${line}: ${answer.trim()}`);
    return answer;
  };
  const states = async () => serverStates(await command("show stat"));
  const names = Object.keys(opts.servers);
  const waitFor = async (want: (s: Record<string, string>) => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    let last: Record<string, string> | string = {};
    for (;;) {
      if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}): ${output}`);
      try {
        last = await states();
        if (want(last)) return last;
      } catch (e) {
        last = (e as Error).message; // the socket is not there yet
      }
      if (Date.now() > deadline)
        throw new Error(`haproxy: instances not as expected within ${timeoutMs} ms: ${JSON.stringify(last)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const setState = (server: string, state: "ready" | "maint" | "drain") =>
    command(`set server app/${server} state ${state}`);

  // Ready: the runtime API answers and its health checks found every instance up.
  await waitFor((s) => names.every((n) => s[n] === "UP"));

  return {
    port,
    httpPort,
    ca: cert,
    origin: (host) => `https://${host}:${port}`,
    logs: () => output,
    served: (pathPart) => output.split("\n").filter((l) => l.includes(pathPart)),
    // Each is written twice (stderr, and the log on stdout): the log's line, with its time.
    transitions: () => output.split("\n").filter((l) => /^<\d+>.*Server app\/\w+ is /.test(l)),
    command,
    states,
    async only(server) {
      // The one first, then the others: there is no moment without an instance to send requests to.
      await setState(server, "ready");
      for (const n of names) if (n !== server) await setState(n, "maint");
    },
    async all() {
      for (const n of names) await setState(n, "ready");
    },
    waitFor,
    async stop() {
      process.off("exit", kill);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request as a client elsewhere would send it: over HTTPS to HAProxy (trusting its certificate) or plain HTTP to
 * an instance, with the Host of `url` whatever port it connects to (`connectPort`), from `localAddress` (any
 * 127.x.y.z: another client network as the instances see it).
 */
export function clientRequest(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    ca?: string;
    connectPort?: number;
    localAddress?: string;
  } = {},
): Promise<HttpAnswer> {
  const u = new URL(url);
  const lib = u.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      {
        host: "127.0.0.1",
        port: opts.connectPort ?? u.port,
        path: `${u.pathname}${u.search}`,
        method: opts.method ?? "GET",
        headers: {
          host: u.host,
          ...opts.headers,
          ...(opts.body !== undefined && { "content-length": String(Buffer.byteLength(opts.body)) }),
        },
        servername: u.hostname === "127.0.0.1" ? undefined : u.hostname,
        ca: opts.ca,
        localAddress: opts.localAddress,
        agent: false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        // The answer began (status and headers came) and was cut: no proxy can send it again.
        res.on("error", (e) => reject(Object.assign(e, { cutAfter: res.statusCode })));
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}
