import { z } from "zod";
import path from "node:path";

/** Environment settings, parsed once (zod) with readable messages. Secrets stay in the environment. */
const share = z.coerce.number().min(0, "must be between 0 and 1").max(1, "must be between 0 and 1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().min(1).default(".data"),
  /** postgres://… selects PostgreSQL; a file path or sqlite:// URL (or nothing) selects the embedded SQLite file. */
  DATABASE_URL: z.string().optional(),
  /** Share of active properties a run may remove before it refuses to publish (unless forced). */
  SYNC_MAX_REMOVED_SHARE: share.default(0.2),
  /** Share of the records seen that may be rejected before the run refuses to publish (unless forced). */
  SYNC_MAX_REJECTED_SHARE: share.default(0.1),
  /** A lock whose holder has not renewed it for this long is taken over (the holder crashed). */
  SYNC_LOCK_STALE_SECONDS: z.coerce.number().int().positive().default(30),
  /** SFTP credentials: a private key file (and optional passphrase) or a password. */
  SFTP_PRIVATE_KEY_FILE: z.string().optional(),
  SFTP_PASSPHRASE: z.string().optional(),
  SFTP_PASSWORD: z.string().optional(),
  /** Pins the server's host key ("SHA256:…", as ssh-keygen -lf prints it). */
  SFTP_HOST_FINGERPRINT: z
    .string()
    .regex(/^SHA256:[A-Za-z0-9+/]{43}$/, "must look like SHA256:<43 base64 characters>")
    .optional(),
  /** Read and check records in worker threads (default: when the machine has more than one core). */
  SYNC_THREADS: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
  /** The brand registry (JSON, see lib/brands/schema.ts); the two demo brands when unset. */
  BRANDS_FILE: z.string().min(1).optional(),
  /** The operators' status page (/ops) token; the page is off when unset. */
  OPS_TOKEN: z.string().min(16, "must have at least 16 characters").optional(),
  SFTP_RETRIES: z.coerce.number().int().min(0).max(20).default(5),
  SFTP_RETRY_BASE_MS: z.coerce.number().int().min(1).default(500),
  /** Fault injection for the crash tests: the publish transaction waits this long before it commits. Test only. */
  SYNC_TEST_PUBLISH_DELAY_MS: z.coerce.number().int().min(0).default(0),
});

export type Config = z.infer<typeof envSchema> & { sqliteFile: string; databaseKind: "sqlite" | "postgres" };

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const cfg = result.data;
  if (cfg.NODE_ENV !== "test" && cfg.SYNC_TEST_PUBLISH_DELAY_MS > 0) {
    throw new Error(
      "Invalid environment configuration:\n  SYNC_TEST_PUBLISH_DELAY_MS: only allowed when NODE_ENV=test",
    );
  }
  const url = cfg.DATABASE_URL?.trim();
  const databaseKind = url && /^postgres(ql)?:\/\//i.test(url) ? "postgres" : "sqlite";
  const sqliteFile =
    databaseKind === "sqlite" && url ? url.replace(/^sqlite:(\/\/)?/i, "") : path.join(cfg.DATA_DIR, "hotels.sqlite");
  return { ...cfg, databaseKind, sqliteFile };
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= parseConfig();
  return cached;
}
