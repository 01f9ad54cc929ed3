import { config, ConfigError, type Config } from "@/lib/config";
import { log } from "@/lib/log";
import { isSyncError, syncFailure, SyncError, openSource, failedRunOf, syncExport } from "@/lib/content";
import { openConfiguredStore, type Store } from "@/lib/store";
import { formatSummary } from "./sync-summary";
import { commandLine, usageError } from "./args";
import { progressReporter } from "./progress";

const usage = `Usage: npm run sync -- <source> [--force] [--allow-schema-change] [--json]

  <source>               sftp://user@host:port/path, or a local .json/.jsonl/.ndjson(.gz) file or a directory of them
  --force                publish even when more than SYNC_MAX_REMOVED_SHARE of the properties would be removed
                         or more than SYNC_MAX_REJECTED_SHARE of the records are rejected
  --allow-schema-change  load even when the server's schemas/HotelFtpExport.json differs from ours
  --json                 print the final summary as JSON on stdout

Credentials: SFTP_PRIVATE_KEY_FILE (and SFTP_PASSPHRASE) or SFTP_PASSWORD; the host key must be pinned with
SFTP_HOST_FINGERPRINT (a first run without it stops and names the key the server showed).
Store: the SQLite file under DATA_DIR, or PostgreSQL when DATABASE_URL=postgres://…
Exit status: 0 published, 2 refused (nothing published), 1 failed (with --json, the failure's summary too), 64 wrong
usage.`;

/** The settings, or INVALID_CONFIG naming the ones at fault: found before any connection is tried. */
function settings(): Config {
  try {
    return config();
  } catch (e) {
    throw new SyncError({
      code: "INVALID_CONFIG",
      message: e instanceof ConfigError ? e.oneLine : (e as Error).message.replace(/\s*\n\s*/g, " "),
      field: e instanceof ConfigError ? e.issues[0]?.setting : undefined,
      cause: e,
    });
  }
}

/** The configured store, or STORE_UNAVAILABLE naming the setting that points at it. */
async function openStore(cfg: Config): Promise<Store> {
  try {
    return await openConfiguredStore();
  } catch (e) {
    const postgres = cfg.databaseKind === "postgres";
    throw new SyncError({
      code: "STORE_UNAVAILABLE",
      message: `Cannot open the store ${postgres ? "DATABASE_URL names" : cfg.sqliteFile}: ${(e as Error).message}`,
      field: postgres || cfg.DATABASE_URL ? "DATABASE_URL" : "DATA_DIR",
      cause: e,
    });
  }
}

async function main(): Promise<number> {
  const { values, positionals } = commandLine("sync", usage, {
    allowPositionals: true,
    options: {
      force: { type: "boolean", default: false },
      "allow-schema-change": { type: "boolean", default: false },
      json: { type: "boolean", default: false },
    },
  });
  if (positionals.length !== 1) usageError("sync", "one <source> is needed");
  const cfg = settings();
  const source = openSource(positionals[0]!, cfg, log);
  const store = await openStore(cfg);
  const progress = progressReporter("sync", "bytes");
  try {
    const summary = await syncExport({
      store,
      source,
      log,
      force: values.force,
      allowSchemaChange: values["allow-schema-change"],
      maxRemovedShare: cfg.SYNC_MAX_REMOVED_SHARE,
      maxRejectedShare: cfg.SYNC_MAX_REJECTED_SHARE,
      lockStaleSeconds: cfg.SYNC_LOCK_STALE_SECONDS,
      pauseAt: cfg.SYNC_TEST_PAUSE_AT,
      threads: cfg.syncThreads,
      onProgress: (p) => progress.update(p.bytesRead, p.totalBytes, { records: p.records, file: p.file }),
    });
    progress.stop();
    const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(
      values.json
        ? JSON.stringify({ ...summary, peakRssMb })
        : `${formatSummary(summary)}\n${"peak memory".padEnd(12)}  ${peakRssMb} MB RSS`,
    );
    return summary.status === "published" ? 0 : 2;
  } finally {
    progress.stop();
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    // Every failure is one line and, with --json, a summary: the recorded run's when the run had started (settings,
    // the source's name, the store and the lock fail before it does: nothing was attempted, nothing recorded).
    if (!isSyncError(e)) log.error({ err: e }, "sync crashed");
    const error = syncFailure(e);
    console.error(`sync failed: ${error.code}: ${error.message}`);
    if (process.argv.includes("--json")) console.log(JSON.stringify(failedRunOf(e) ?? { status: "failed", error }));
    process.exit(1);
  },
);
