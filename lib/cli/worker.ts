import { config, ConfigError, type Config } from "@/lib/config";
import { log } from "@/lib/log";
import { openConfiguredStore } from "@/lib/store";
import { openSource, SyncWorker } from "@/lib/content";
import { exitWithParent } from "@/lib/runtime";
import { commandLine, usageError } from "./args";

const usage = `Usage: npm run worker [-- <source>]

Runs the content sync by itself: checks the source on a schedule, syncs a new export (nothing is downloaded while the
listing is the one last published), retries what may pass, and raises alerts (a refused or failed run, no new
export long after the expected one) to SYNC_ALERT_WEBHOOK_URL and on /ops. One per deployment; more are safe (the
sync lock lets one run at a time). SIGTERM lets a running sync finish (up to SYNC_STOP_GRACE_SECONDS).

  <source>   sftp://user@host:port/path or a local folder; default SYNC_SOURCE

Settings: SYNC_SCHEDULE (cron, default "0 4 * * *"), SYNC_TIMEZONE (UTC), SYNC_STALE_HOURS (6), SYNC_RETRIES (3),
SYNC_RETRY_BASE_MS (60000), SYNC_ALERT_WEBHOOK_URL, and those of npm run sync (SFTP_*, SYNC_*, DATABASE_URL).`;

function settings(): Config {
  try {
    return config();
  } catch (e) {
    console.error(`worker failed: INVALID_CONFIG: ${e instanceof ConfigError ? e.oneLine : (e as Error).message}`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const parsed = commandLine("worker", usage, { allowPositionals: true, options: {} });
  if (parsed.positionals.length > 1) usageError("worker", "at most one <source>");
  const cfg = settings();
  exitWithParent(cfg.EXIT_WITH_PARENT);
  const spec = parsed.positionals[0] ?? cfg.SYNC_SOURCE;
  if (!spec) usageError("worker", "no source: name one, or set SYNC_SOURCE");
  // The source's name and credentials are checked now, not at the first scheduled check (maybe hours away).
  openSource(spec, cfg, log);
  const store = await openConfiguredStore();
  const worker = new SyncWorker({
    store,
    openSource: () => openSource(spec, cfg, log),
    log,
    schedule: cfg.SYNC_SCHEDULE,
    timezone: cfg.SYNC_TIMEZONE,
    staleHours: cfg.SYNC_STALE_HOURS,
    retries: cfg.SYNC_RETRIES,
    retryBaseMs: cfg.SYNC_RETRY_BASE_MS,
    webhook: cfg.SYNC_ALERT_WEBHOOK_URL
      ? {
          url: cfg.SYNC_ALERT_WEBHOOK_URL,
          allowLoopback: cfg.SYNC_ALERT_DEV_ALLOW_LOOPBACK,
          timeoutMs: cfg.SYNC_ALERT_TIMEOUT_MS,
        }
      : undefined,
    sync: {
      maxRemovedShare: cfg.SYNC_MAX_REMOVED_SHARE,
      maxRejectedShare: cfg.SYNC_MAX_REJECTED_SHARE,
      lockStaleSeconds: cfg.SYNC_LOCK_STALE_SECONDS,
      pauseAt: cfg.SYNC_TEST_PAUSE_AT,
      threads: cfg.syncThreads,
    },
  });
  worker.start();
  let signals = 0;
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.on(sig, () => {
      // A second signal leaves at once: the run is abandoned, which the next run recovers.
      if (++signals > 1) process.exit(1);
      log.info({ signal: sig }, "worker stopping");
      void worker.stop(cfg.SYNC_STOP_GRACE_SECONDS * 1000).then(async (finished) => {
        if (!finished) {
          log.warn("the running sync did not finish in time: left to be recovered by the next run");
          process.exit(1);
        }
        await store.close().catch(() => undefined);
        log.info("worker stopped");
        process.exit(0);
      });
    });
  }
}

main().catch((e: unknown) => {
  const code = (e as { code?: unknown }).code;
  console.error(`worker failed: ${typeof code === "string" ? `${code}: ` : ""}${(e as Error).message}`);
  process.exit(1);
});
