import { spawn, type ChildProcess } from "node:child_process";
import { cliEntry } from "@/lib/testing";

/**
 * `npm run partner-idp` as a partner runs it: the command's bundle in its own process, its settings in its
 * environment and on its command line. Resolves once it says it serves, with what it printed about itself.
 */
export interface IdpCommand {
  issuer: string;
  caFile: string;
  /** For Chromium's --ignore-certificate-errors-spki-list. */
  spkiSha256: string;
  /** Everything it printed (its JSON log lines included). */
  output(): string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;

function line(output: string, pattern: RegExp): string {
  const match = pattern.exec(output);
  if (!match?.[1]) throw new Error(`partner-idp did not print ${pattern}: ${output}`);
  return match[1];
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

export async function startIdpCommand(args: string[], env: Record<string, string>): Promise<IdpCommand> {
  const child = spawn(process.execPath, [...cliEntry("partner-idp"), ...args], {
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (d: Buffer) => (output += d.toString());
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const stop = () => stopChild(child);
  // Its own readiness line, not a time: the command prints it once it listens.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => check(true), START_TIMEOUT_MS);
    const check = (late = false) => {
      if (output.includes("Ctrl-C to stop")) return done(resolve);
      if (child.exitCode !== null || late) return done(() => reject(new Error(`partner-idp did not start: ${output}`)));
    };
    const done = (then: () => void) => {
      clearTimeout(timer);
      child.stdout.off("data", onData);
      child.off("exit", onExit);
      then();
    };
    const onData = () => check();
    const onExit = () => check();
    child.stdout.on("data", onData);
    child.on("exit", onExit);
    check();
  }).catch(async (e: unknown) => {
    await stop();
    throw e;
  });
  return {
    issuer: line(output, /^ {2}issuer +(\S+)$/m),
    caFile: line(output, /^ {2}CA file +(\S+)$/m),
    spkiSha256: line(output, /--ignore-certificate-errors-spki-list=(\S+)$/m),
    output: () => output,
    stop,
  };
}
