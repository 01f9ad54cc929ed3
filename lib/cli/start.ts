import { startServer } from "@/lib/server";
import { brandRegistryProblem } from "@/lib/brands";
import { log } from "@/lib/log";
import { config } from "@/lib/config";
import { exitWithParent } from "@/lib/runtime/parent";

/**
 * npm start [-- --port 3000 --hostname 127.0.0.1]: serves the built app (next build first) with br/gzip/deflate
 * compression. PORT and HOST work too.
 */
function arg(names: string[]): string | undefined {
  const i = process.argv.findIndex((a) => names.includes(a));
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : undefined;
}

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
  port = Number(arg(["--port", "-p"]) ?? cfg.PORT);
  hostname = arg(["--hostname", "-H"]) ?? cfg.HOST;
} catch (e) {
  // A configuration the server refuses: said in one line, as startServer's own refusals are.
  console.error(`start failed: ${(e as Error).message}`);
  process.exit(1);
}

startServer({ port, hostname })
  .then(({ url, close }) => {
    log.info({ url }, "serving");
    console.log(`ready on ${url}`);
    for (const sig of ["SIGINT", "SIGTERM"] as const) {
      process.once(sig, () => {
        void close().then(() => process.exit(0));
        setTimeout(() => process.exit(0), 3000).unref();
      });
    }
  })
  .catch((e: unknown) => {
    console.error(`start failed: ${(e as Error).message}`);
    process.exit(1);
  });
