import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { isSyncError } from "@/lib/content/errors";
import { openConfiguredStore } from "@/lib/store";
import { openSource } from "@/lib/content/sync/sources";
import { syncExport } from "@/lib/content/sync";
import { formatSummary } from "./format";
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
Exit status: 0 published, 2 refused (nothing published) or wrong usage, 1 failed.`;

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
  const cfg = config();
  const source = openSource(positionals[0]!, cfg, log);
  const store = await openConfiguredStore();
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
    if (isSyncError(e)) {
      console.error(`sync failed: ${e.code}: ${e.message}`);
      if (process.argv.includes("--json"))
        console.log(JSON.stringify({ status: "failed", error: { code: e.code, message: e.message } }));
    } else {
      log.error({ err: e }, "sync crashed");
      console.error(`sync failed: ${(e as Error).message}`);
    }
    process.exit(1);
  },
);
