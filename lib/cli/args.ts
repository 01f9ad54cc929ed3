import { parseArgs, type ParseArgsConfig } from "node:util";

/**
 * Wrong usage (an unknown flag, a missing value or argument): the commands' one exit status for it, sysexits' EX_USAGE,
 * apart from every status a command gives for its work (sync's 2 is a refused export).
 */
export const USAGE_EXIT = 64;

const HELP = new Set(["--help", "-h"]);

/**
 * A command's line, the same way for every command: `--help` or `-h` anywhere (before a `--`) prints `usage` to stdout
 * and exits 0 before anything starts (no server, no build, no store); an unknown flag, a flag without its value or an
 * argument the command does not take is said in one line on stderr, and exits 64. Call it before the command does
 * anything.
 */
export function commandLine<const T extends ParseArgsConfig>(
  name: string,
  usage: string,
  config: T,
): ReturnType<typeof parseArgs<T & { strict: true }>> {
  const args = config.args ?? process.argv.slice(2);
  const end = args.indexOf("--");
  if ((end < 0 ? args : args.slice(0, end)).some((a) => HELP.has(a))) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ ...config, args, strict: true }) as ReturnType<typeof parseArgs<T & { strict: true }>>;
  } catch (e) {
    // Node's own words, without its advice on positionals starting with a dash (not what went wrong here).
    return usageError(name, (e as Error).message.split(". To specify a positional")[0]!);
  }
}

/** Wrong usage, said in one line with where the usage is: exit 64. */
export function usageError(name: string, message: string): never {
  console.error(`${name}: ${message}\n(--help shows the usage)`);
  process.exit(USAGE_EXIT);
}
