import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The compiled command-line bundle (npm run build:cli): build output like .next, outside the data folder, so
 * `rm -rf .data` keeps it. Tests run these files, the same ones `npm start`, `npm run sync`… run.
 */
export const CLI_DIR = path.join(".build", "cli");

/** The bundle of a command (lib/cli/<name>.ts), as node's arguments: `node ${cliEntry("sync")} …`. */
export function cliEntry(name: string): string[] {
  return [path.join(CLI_DIR, `${name}.mjs`)];
}

/**
 * Builds the bundle once per test run (the tier's setup calls it; a second call in the same run, or a child of it,
 * does nothing). Always rebuilt rather than reused when present, as `npm start` does: a bundle left from older sources
 * would test old code. Returns the error line when the build fails.
 */
export function buildCliBundle(): string | null {
  if (process.env.TEST_CLI_BUILT === CLI_DIR && fs.existsSync(path.join(CLI_DIR, "start.mjs"))) return null;
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const run = spawnSync(npm, ["run", "-s", "build:cli"], { encoding: "utf8", timeout: 120_000 });
  if (run.status !== 0 || !fs.existsSync(path.join(CLI_DIR, "start.mjs"))) {
    const why = (run.stderr || run.stdout || run.error?.message || "").trim().split("\n")[0];
    return `the command-line bundle (${CLI_DIR}) could not be built${why ? ` (${why})` : ""}: run \`npm run build:cli\``;
  }
  process.env.TEST_CLI_BUILT = CLI_DIR;
  return null;
}

/** Runs the sync command as a user would, in its own process. */
export const runSyncCli = (args: string[], env: Record<string, string>) => runCli("sync", args, env);

/** Runs a command (the bundle of lib/cli/<name>.ts) as a user would, in its own process: its exit, output, and a wait for a line. */
export function runCli(name: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [...cliEntry(name), ...args], {
    cwd: process.cwd(),
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d));
  child.stderr.on("data", (d: Buffer) => (stderr += d));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (res) => child.on("exit", (code, signal) => res({ code, signal, stdout, stderr })),
  );
  const waitFor = async (text: string) => {
    const deadline = Date.now() + 30_000;
    while (!stderr.includes(text)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`never saw "${text}": ${stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { child, done, waitFor };
}
