import { startServer } from "@/lib/server";
import { brandRegistryProblem } from "@/lib/brands/node";
import { log } from "@/lib/log";
import { config } from "@/lib/config";
import { exitWithParent } from "@/lib/runtime";
import { commandLine } from "./args";

const usage = `Usage: npm start -- [--port 3000] [--hostname 127.0.0.1]

Serves the built app (run \`npm run build\` first) through lib/server: br/gzip/deflate compression, the client's
address for the routes, fair-use limits, HSTS over TLS. PORT and HOST set the same; the flags win. SIGTERM lets the requests in
progress finish (SHUTDOWN_GRACE_SECONDS, 10) before it exits. Settings: docs/operators.md.`;

const { values: flags } = commandLine("start", usage, {
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
});

const problem = brandRegistryProblem();
if (problem) {
  console.error(`start refused: ${problem}`);
  process.exit(1);
}

let port: number;
let hostname: string;
try {
  const cfg = config();
  exitWithParent(cfg.EXIT_WITH_PARENT);
  port = Number(flags.port ?? cfg.PORT);
  hostname = flags.hostname ?? cfg.HOST;
} catch (e) {
  // A configuration the server refuses: said in one line, as startServer's own refusals are.
  console.error(`start failed: ${(e as Error).message}`);
  process.exit(1);
}

startServer({ port, hostname })
  .then(({ url, close }) => {
    log.info({ url }, "serving");
    console.log(`ready on ${url}`);
    // SIGTERM (or Ctrl-C): the requests in progress finish (SHUTDOWN_GRACE_SECONDS at most), then the process
    // exits; a second signal, or a close that hangs past the grace and a few seconds more, exits at once.
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return process.exit(0);
      stopping = true;
      log.info({ signal }, "stopping");
      void close().then(() => process.exit(0));
      setTimeout(() => process.exit(0), (config().SHUTDOWN_GRACE_SECONDS + 5) * 1000).unref();
    };
    for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, stop);
  })
  .catch((e: unknown) => {
    console.error(`start failed: ${(e as Error).message}`);
    process.exit(1);
  });
