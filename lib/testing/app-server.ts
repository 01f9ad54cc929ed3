import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { cliEntry } from "./cli";
import { freePort } from "./ports";

export interface AppServer {
  url: string;
  port: number;
  /** The server's process id (its memory, in /proc). */
  pid: number;
  /** What the server wrote to stderr (pino logs), for assertions and failure messages. */
  logs(): string;
  /** Sends the server's process a signal (SIGTERM: a graceful stop; SIGKILL: a crash). */
  signal(signal: NodeJS.Signals): void;
  /** Settles when the server's process has exited: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/**
 * Serves the built app (next build, then lib/server with compression: what `npm start` runs) on a free loopback
 * port with the given environment, and waits until it answers /api/health (ready). `entry` is how to run lib/cli/start
 * (the command-line bundle `npm start` runs unless given: the tier's setup builds it); `readyWithinMs` how long it
 * may take to be ready (60 s; several started at once on a busy machine take longer).
 */
export async function startAppServer(
  env: (port: number) => Record<string, string> | Promise<Record<string, string>>,
  opts: { entry?: string[]; readyWithinMs?: number } = {},
): Promise<AppServer> {
  if (!fs.existsSync(".next/BUILD_ID")) {
    throw new Error("The app is not built: run `npx next build` first (npm test does it before these tests)");
  }
  // A free port can be taken between the check and the bind: the server then fails to listen, and we try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await tryStart(await freePort(), env, opts);
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt >= 3) throw e;
    }
  }
}

class PortTaken extends Error {}

async function tryStart(
  port: number,
  env: (port: number) => Record<string, string> | Promise<Record<string, string>>,
  opts: { entry?: string[]; readyWithinMs?: number },
): Promise<AppServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...(opts.entry ?? cliEntry("start")), "--port", String(port), "--hostname", "127.0.0.1"],
    {
      env: { ...process.env, LOG_LEVEL: "warn", EXIT_WITH_PARENT: String(process.pid), ...(await env(port)) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr!.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  // If this process ends without stopping it, the server follows (it also watches for that itself).
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  const url = `http://127.0.0.1:${port}`;
  const readyWithinMs = opts.readyWithinMs ?? 60_000;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) {
      process.off("exit", kill);
      if (/EADDRINUSE/.test(stdout + stderr)) throw new PortTaken(`port ${port} was taken`);
      throw new Error(`the app server exited (${child.exitCode}): ${stderr}`);
    }
    // Ready, not just listening: /api/health answers once the store, the places and the catalog are loaded (a test
    // that started earlier would run while that load holds the event loop). And it is our server that answers: the
    // child itself says it listens on this URL (whatever else might hold the port would not).
    const ours = stdout.includes(`ready on ${url}`);
    const ok =
      ours &&
      (await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the app server did not answer within ${readyWithinMs / 1000} s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    pid: child.pid!,
    logs: () => stderr,
    signal: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    exited,
    stop: () =>
      new Promise<void>((resolve) => {
        process.off("exit", kill);
        // Exited already (a test stopped or killed it): nothing to wait for.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        void exited.then(() => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}
