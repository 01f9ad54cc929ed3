import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { config, environment } from "@/lib/config";
import { SAMPLE_RATES_FILE } from "@/lib/exchange-rates";
import { log } from "@/lib/log";
import { openConfiguredStore } from "@/lib/store";
import { generateExport, LocalSource, syncExport } from "@/lib/content";
import { DEMO_PASSWORD, demoUsers, startDemoSso, type DemoSso } from "@/lib/partner-idp";
import { commandLine } from "./args";
import { formatSummary } from "./sync-summary";
import { buildApp } from "./next-build";

const usage = `Usage: npm run demo [-- --no-build]

Builds the app (unless --no-build), generates the sample export (once, into .data/demo), syncs it into the embedded
SQLite store, starts the reference partner identity provider on https://localhost:9443 (IDP_PORT moves it) with both
demo brands registered, serves the product on http://localhost:3000 (PORT moves it) and runs the sync worker on
the sample export (checking every minute unless SYNC_SCHEDULE is set). Ctrl-C stops them all.`;

const { values: flags } = commandLine("demo", usage, { options: { "no-build": { type: "boolean", default: false } } });
const EXPORT_DIR = path.join(".data", "demo", "export");
/** The demo's operators' token (a real deployment sets OPS_TOKEN; the demo prints this one). */
const DEMO_OPS_TOKEN = "demo-operators-token-0001";
/** The demo's worker checks every minute, so that a new export shows without waiting for tomorrow's 04:00. */
const DEMO_SYNC_SCHEDULE = "* * * * *";

/** Whether something already listens on `port` at `host` (checked by trying to listen there). */
function portTaken(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (e: NodeJS.ErrnoException) => (e.code === "EADDRINUSE" ? resolve(true) : reject(e)));
    probe.listen(port, host, () => probe.close(() => resolve(false)));
  });
}

/** The one line said when a port the demo needs is taken, naming the setting that moves it. */
class PortTaken extends Error {
  constructor(port: number, what: string, setting: string) {
    super(
      `port ${port} (${what}) is taken, perhaps by another demo: set ${setting} to move it (${setting}=${port + 1} npm run demo)`,
    );
  }
}

async function main(): Promise<void> {
  const cfg = config();
  const port = String(cfg.PORT);
  const idpPort = cfg.IDP_PORT;
  // Before the build (minutes): a taken port would otherwise fail only at the end.
  if (!cfg.BRANDS_FILE && (await portTaken(idpPort, "127.0.0.1")))
    throw new PortTaken(idpPort, "the partner's identity provider", "IDP_PORT");
  if (await portTaken(cfg.PORT, cfg.HOST)) throw new PortTaken(cfg.PORT, "the brand sites", "PORT");
  if (!flags["no-build"]) buildApp();
  if (!fs.existsSync(path.join(EXPORT_DIR, "hotels.jsonl"))) {
    console.log("generating the sample export (2 000 hotels around 58 real cities) …");
    await generateExport({ out: EXPORT_DIR, count: 2000, seed: 1 });
  }
  const store = await openConfiguredStore();
  try {
    const summary = await syncExport({
      store,
      source: new LocalSource(EXPORT_DIR),
      log,
      maxRemovedShare: cfg.SYNC_MAX_REMOVED_SHARE,
      maxRejectedShare: cfg.SYNC_MAX_REJECTED_SHARE,
      lockStaleSeconds: cfg.SYNC_LOCK_STALE_SECONDS,
    });
    console.log(`\nsample content synced into ${store.describe}\n${formatSummary(summary)}\n`);
  } finally {
    await store.close();
  }
  // Sign-on: the reference partner IdP with both demo brands registered (an operator's BRANDS_FILE is served as it is).
  let sso: DemoSso | undefined;
  if (!cfg.BRANDS_FILE) {
    sso = await startDemoSso({ appPort: Number(port), idpPort, dataDir: path.join(".data", "demo") }).catch(
      (e: NodeJS.ErrnoException) => {
        // Taken since the check above (another demo started meanwhile).
        throw e.code === "EADDRINUSE" ? new PortTaken(idpPort, "the partner's identity provider", "IDP_PORT") : e;
      },
    );
  }
  const opsToken = cfg.OPS_TOKEN ?? DEMO_OPS_TOKEN;
  console.log(`serving on port ${port}  (Ctrl-C to stop)
brand sites (any browser resolves *.localhost to this machine):
  http://brand-a.localhost:${port}/   Aurora Stays
  http://brand-b.localhost:${port}/   Sakura Journeys
operators' status page: http://localhost:${port}/ops  (token: ${cfg.OPS_TOKEN ? "$OPS_TOKEN" : opsToken})`);
  console.log(`nearby places, as a partner calls them:
  curl -s localhost:${port}/v1/nearby-places -H 'Content-Type: application/json' \\
    -H 'X-Partner-Key: demo-aurora-partner-key-0001' \\
    -d '{"placeName":"Paris","currency":"EUR","language":"en","userCountry":"DE","userDevice":"desktop","hits":5}'
  OpenAPI document: http://localhost:${port}/v1/openapi.json\n`);
  console.log(`assistant endpoint (MCP, spec part C): http://brand-a.localhost:${port}/mcp (every brand host)
  curl -s brand-a.localhost:${port}/mcp -H 'Content-Type: application/json' \\
    -H 'Accept: application/json, text/event-stream' \\
    -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_hotels","arguments":{"query":"Paris","pageSize":3}}}'
  a partner key: npm run mcp:keys -- add --partner NAME --use-case TEXT [--ip-range CIDR]; then /mcp?api_key=KEY\n`);
  if (sso) {
    const user = demoUsers[0]!;
    console.log(`sign-on (silent SSO, spec part D): the partner's site and identity provider, Northwind Rewards
  ${sso.idp.issuer}/   (a local certificate: your browser asks once to accept it)
  1. sign in there as ${user.email} / ${DEMO_PASSWORD}
  2. open http://brand-a.localhost:${port}/ or http://brand-b.localhost:${port}/: signed in, no login page
  Without a session at the partner the brands stay anonymous; "Sign in" in their header signs in by hand.
  partners' silent-SSO test page: http://brand-a.localhost:${port}/sso-test
  onboarding and the validator:   http://localhost:${port}/ops/sso  (test user: the one above)\n`);
  }
  const start = path.join(".build", "cli", "start.mjs");
  const server = spawn(process.execPath, [start, "--port", port, "--hostname", cfg.HOST], {
    stdio: "inherit",
    env: {
      // Fee conversions from the shipped sample of the ECB rates (illustrative values of a fixed day: never stale
      // here), unless the operator points at a real file.
      EXCHANGE_RATES_FILE: SAMPLE_RATES_FILE,
      EXCHANGE_RATES_MAX_AGE_DAYS: "3660",
      ...environment(),
      OPS_TOKEN: opsToken,
      ...sso?.env,
    },
  });
  // The sync worker, as a deployment runs it beside the servers: it checks the sample export (once now, finding it
  // unchanged, then every minute unless SYNC_SCHEDULE says otherwise) and its alerts show on /ops.
  const schedule = environment().SYNC_SCHEDULE ?? DEMO_SYNC_SCHEDULE;
  const worker = spawn(process.execPath, [path.join(".build", "cli", "worker.mjs")], {
    stdio: "inherit",
    env: { ...environment(), SYNC_SOURCE: path.resolve(EXPORT_DIR), SYNC_SCHEDULE: schedule },
  });
  console.log(`sync worker (npm run worker): checks ${EXPORT_DIR} on "${schedule}"; a new export written there syncs at
  the next check, and a refused one (too many removals, another schema) raises an alert on /ops\n`);
  for (const sig of ["SIGINT", "SIGTERM"] as const)
    process.on(sig, () => {
      server.kill(sig);
      worker.kill(sig);
    });
  server.on("exit", (code) => {
    worker.kill("SIGTERM");
    void (sso ? sso.idp.close() : Promise.resolve()).then(() => process.exit(code ?? 0));
  });
}

main().catch((e: unknown) => {
  console.error(`demo failed: ${(e as Error).message}`);
  process.exit(1);
});
