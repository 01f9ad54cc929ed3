import { z } from "zod";
import os from "node:os";
import path from "node:path";
import { scheduleProblem } from "./schedule";
import { PAUSE_STEPS, parsePause } from "./sync-pause";
import { webhookUrlProblem } from "./webhook-url";
import { parseIpRange } from "./net";
import { logLevelSchema } from "./log-level";
import { attributionUrlProblem, tileTemplateProblem, type TileServer } from "./tile-server";
import { chromiumPathSchema } from "./env";

/** Environment settings, parsed once (zod) with readable messages. Secrets stay in the environment. */
const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const share = z.coerce.number().min(0, "must be between 0 and 1").max(1, "must be between 0 and 1");
/** Optional text (trimmed) that `problem` must find nothing wrong with; its answer is the error message. */
const checkedText = (problem: (value: string) => string | undefined) =>
  z
    .string()
    .trim()
    .optional()
    .superRefine((v, ctx) => {
      const found = v ? problem(v) : undefined;
      if (found) ctx.addIssue({ code: "custom", message: found });
    });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: logLevelSchema,
  /** The server's port and address (npm start; --port and --hostname win). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || "127.0.0.1"),
  /** The demo's partner identity provider (npm run demo): https://localhost:IDP_PORT. */
  IDP_PORT: z.coerce.number().int().min(1).max(65535).default(9443),
  /** The reference partner IdP alone (npm run partner-idp; --port wins): its port, 0 for any free one. */
  PARTNER_IDP_PORT: z.coerce.number().int().min(0).max(65535).default(9443),
  /** Its keys and TLS material (--data-dir wins). */
  PARTNER_IDP_DATA_DIR: z.string().trim().min(1).default(path.join(".data", "partner-idp")),
  /** Its relying parties besides the brands: a clients file (lib/config/partner-idp-clients.ts; --clients-file wins). */
  PARTNER_IDP_CLIENTS_FILE: z.string().trim().min(1).optional(),
  /**
   * RFC 9207: `iss` in its authorization responses (codes and errors alike) and
   * authorization_response_iss_parameter_supported in discovery, the mix-up defence. Off only for a deployment whose
   * relying parties mishandle it (docs/decisions.md, "RFC 9207").
   */
  PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS: flag.default(true),
  /** The scenario-B partner API's shared key (spec §4.5); the API answers 503 while it is unset. */
  PARTNER_API_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, "must have at least 16 characters").optional()),
  DATA_DIR: z.string().min(1).default(".data"),
  /** postgres://… selects PostgreSQL; a file path or sqlite:// URL (or nothing) selects the embedded SQLite file. */
  DATABASE_URL: z.string().optional(),
  /** Share of active properties a run may remove before it refuses to publish (unless forced). */
  SYNC_MAX_REMOVED_SHARE: share.default(0.2),
  /** Share of the records seen that may be rejected before the run refuses to publish (unless forced). */
  SYNC_MAX_REJECTED_SHARE: share.default(0.1),
  /**
   * The largest record read whole. A larger one (a JSON Lines line or array element) is rejected unread and the run
   * goes on: memory holds at most this much of one record. Real records are a few KB.
   */
  SYNC_MAX_RECORD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
  /** A lock whose holder has not renewed it for this long is taken over (the holder crashed). */
  SYNC_LOCK_STALE_SECONDS: z.coerce.number().int().positive().default(30),
  /** The worker (npm run worker): the source it checks, sftp://user@host:port/path or a local path. */
  SYNC_SOURCE: z.string().trim().min(1).optional(),
  /** When the worker checks the source: a cron expression (five fields, or six with seconds first). */
  SYNC_SCHEDULE: z.string().trim().min(1).default("0 4 * * *"),
  /** The time zone SYNC_SCHEDULE is read in (IANA name). */
  SYNC_TIMEZONE: z.string().trim().min(1).default("UTC"),
  /** Alert when no new export has been published this many hours after the check that expected one. */
  SYNC_STALE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(6),
  /** The worker's tries again of a run that failed transiently (server or store unreachable, lock held). */
  SYNC_RETRIES: z.coerce.number().int().min(0).max(20).default(3),
  /** The first wait before such a try (then doubled each time). */
  SYNC_RETRY_BASE_MS: z.coerce.number().int().min(1).default(60_000),
  /** On SIGTERM, how long the worker lets a running sync finish before leaving it (the next run recovers it). */
  SYNC_STOP_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(20),
  /** Where the worker posts its alerts (JSON, Slack-compatible): https, or http to this machine under the switch below. */
  SYNC_ALERT_WEBHOOK_URL: z.string().trim().optional(),
  /** Development switch: lets SYNC_ALERT_WEBHOOK_URL name this machine (plain http allowed there). */
  SYNC_ALERT_DEV_ALLOW_LOOPBACK: flag.default(false),
  /** Time limit of one webhook post. */
  SYNC_ALERT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
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
  /**
   * The host names the operators' pages answer on (comma-separated, no port). Unset: this machine's own names
   * (localhost, 127.0.0.1, [::1]; any host under `next dev`), never a partner's brand host.
   */
  OPS_HOST: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(",")
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean)
        : undefined,
    ),
  /**
   * Wrong operators' tokens per window (MCP_LIMIT_WINDOW_SECONDS, the limits' one window) from one client network
   * before further tries are refused unread.
   */
  OPS_SIGN_IN_LIMIT: z.coerce.number().int().min(1).default(10),
  /** How long an operators' session lasts (it ends sooner on sign-out). */
  OPS_SESSION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(8),
  /**
   * Prometheus metrics at /metrics on the operators' hosts (lib/ops/metrics.ts). Off: /metrics is a 404 and requests
   * are not timed.
   */
  METRICS_ENABLED: flag.default(true),
  /**
   * Client networks that may read /metrics without the operators' token (comma-separated CIDR ranges or addresses,
   * IPv4 or IPv6: a Prometheus server's). Unset: the token only.
   */
  METRICS_ALLOW: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const ranges: string[] = [];
      for (const text of (v ?? "")
        .split(",")
        .map((r) => r.trim())
        .filter(Boolean)) {
        const range = parseIpRange(text);
        if (typeof range === "string") ctx.addIssue({ code: "custom", message: range });
        else ranges.push(range.cidr);
      }
      return ranges;
    }),
  /**
   * Opt-out of host-key pinning: accept whatever host key an SFTP server shows (logged). Off, a server is refused
   * unless SFTP_HOST_FINGERPRINT names its key (the refusal says which key it showed).
   */
  SFTP_ACCEPT_ANY_HOST_KEY: flag.default(false),
  SFTP_RETRIES: z.coerce.number().int().min(0).max(20).default(5),
  SFTP_RETRY_BASE_MS: z.coerce.number().int().min(1).default(500),
  /**
   * Sign-on (spec part D). The secret that seals sessions and the sign-in checks (state, PKCE, nonce); each brand
   * derives its own from it. At least 32 characters, the same on every instance; the production server refuses to
   * start without it when a brand has sign-on (under `next dev` one is generated into DATA_DIR/auth-secret).
   */
  AUTH_SECRET: z.string().min(32, "must have at least 32 characters").optional(),
  /**
   * Click tracking: the key that signs the tracking parameters of nearby-places links (lib/tracking/signature.ts). At
   * least 32 characters, the same on every instance. Unset: derived from AUTH_SECRET when that is set; otherwise
   * the server refuses to start under NODE_ENV=production, and elsewhere one is generated into DATA_DIR/tracking-secret.
   */
  TRACKING_SECRET: z.string().min(32, "must have at least 32 characters").optional(),
  /** Click tracking: arrivals (and unverified counts) older than this many days are deleted. */
  ARRIVALS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3660).default(400),
  /** Which of a brand's sign-on credentials are in force (spec §4.6: separate staging and production credentials). */
  SSO_ENVIRONMENT: z.enum(["staging", "production"]).default("production"),
  /**
   * Development switch: lets brands use an identity provider on this machine (localhost, *.localhost, 127.0.0.0/8,
   * ::1), over https or plain http. Off, an issuer must be https on another host.
   */
  SSO_DEV_ALLOW_LOOPBACK: flag.default(false),
  /** The Chromium the sign-on validator drives (Debian's by default; never downloaded). */
  CHROMIUM_PATH: chromiumPathSchema,
  /**
   * A PEM file of extra CAs Node trusts (read by Node itself). Under the development switch the validator's browser
   * trusts a provider on this machine that this CA signed, as the server's own sign-on does (the demo's IdP).
   */
  NODE_EXTRA_CA_CERTS: z.string().min(1).optional(),
  /** A partner IdP contacted successfully this recently is taken to be up; older, it is probed before a silent login. */
  SSO_IDP_CHECK_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** After a failed contact, no silent login is tried for this long (the circuit stays open). */
  SSO_IDP_RETRY_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** Time limit of each server-to-server request to a partner IdP (discovery, keys, token, userinfo). */
  SSO_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /**
   * Proxies in front of the server that the operator controls (TLS terminators, load balancers): the client's address
   * is read that many entries from the right of X-Forwarded-For and the scheme from X-Forwarded-Proto. 0: the
   * socket's peer and the socket's own scheme (no forwarded header is believed).
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Responses smaller than this many bytes are sent uncompressed: compressing them saves less than it costs.
   * bench:nearby serves with 0, so that its baseline's small answer is compressed as the nearby answers are.
   */
  COMPRESS_MIN_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1024 * 1024)
    .default(1024),
  /**
   * On SIGTERM the server stops taking connections and lets the requests in progress finish for this long (each
   * answered with Connection: close), then cuts what is left and exits. A load balancer's health check finds the
   * port closed and retries new requests on another instance (docs/operators.md#several-instances-behind-haproxy).
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** redis://… : the assistant endpoint's rate-limit counters live there (shared by every instance); in memory when unset. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  /** Prefix of every key this service writes in Redis (several deployments, or test runs, can share one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default("hotel-platform:"),
  /** Assistant endpoint (spec §5, §8): requests per window shared by all anonymous clients together. */
  MCP_ANONYMOUS_LIMIT: z.coerce.number().int().min(1).default(300),
  /** Assistant endpoint: requests per window for each partner key (unless the key has its own limit). */
  MCP_PARTNER_LIMIT: z.coerce.number().int().min(1).default(600),
  /** Assistant endpoint: unknown api_keys per window from one client network before its keys are no longer looked up. */
  MCP_UNKNOWN_KEY_LIMIT: z.coerce.number().int().min(1).default(30),
  /**
   * Assistant endpoint: the share of MCP_ANONYMOUS_LIMIT one client network (/24, /48) may use, so that one client
   * cannot take the whole shared limit (0.2 of 300: 60 requests a window).
   */
  MCP_ANONYMOUS_NETWORK_SHARE: share.default(0.2),
  /** The rate-limit window of both tiers. */
  MCP_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** The partners' sign-on test page: test starts a minute per brand (each stores a trace and asks the partner's IdP). */
  SSO_TEST_STARTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** The share of a brand's test starts one client network may use (1/3 of 30: 10 a minute). */
  SSO_TEST_NETWORK_SHARE: share.default(1 / 3),
  /**
   * The costly routes' limits (lib/limits/fairness.ts), per partner key for POST /v1/nearby-places, per client
   * network for /api/suggest and the brand sites' pages: *_BUDGET_MS, milliseconds of request time per
   * LIMIT_WINDOW_SECONDS (each request costs the time it took, at least 1); *_CONCURRENCY, requests in progress at
   * once on one instance. Requests past the number in progress wait their turn (at most FAIR_QUEUE of one client);
   * past the queue or the budget they are answered 429 with Retry-After, after FAIR_REFUSAL_DELAY_MS.
   */
  LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  NEARBY_BUDGET_MS: z.coerce.number().int().min(1).default(3_000),
  NEARBY_CONCURRENCY: z.coerce.number().int().min(1).default(1),
  SUGGEST_BUDGET_MS: z.coerce.number().int().min(1).default(2_000),
  SUGGEST_CONCURRENCY: z.coerce.number().int().min(1).default(1),
  PAGES_BUDGET_MS: z.coerce.number().int().min(1).default(6_000),
  PAGES_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  /** Requests of one client that may wait for their turn on one instance; more are refused. */
  FAIR_QUEUE: z.coerce.number().int().min(0).default(64),
  /**
   * A costly request refused is answered after this long (at most its Retry-After): a client that retries at once, as
   * a flood does, then sends one request a second per connection instead of thousands. 0: at once.
   */
  FAIR_REFUSAL_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /**
   * Development switch: the assistant endpoint answers plain HTTP from any address. Off, plain HTTP is answered only
   * for a client on this machine (spec §5 rule 3: HTTPS only).
   */
  MCP_ALLOW_HTTP: flag.default(false),
  /**
   * Maps: an operator's raster tile server, drawn beneath the offline base map. A URL template with {z}, {x} and {y}
   * (https; plain http only on this machine). Unset: the offline vector map (Natural Earth) alone.
   */
  MAP_TILE_URL: checkedText(tileTemplateProblem),
  /** The attribution the tile source requires (plain text, shown under every map with tiles); needed with a URL. */
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).max(300).optional(),
  /** Where the attribution links to (the source's copyright page), optional. */
  MAP_TILE_ATTRIBUTION_URL: checkedText(attributionUrlProblem),
  /** The deepest zoom level the tile server has (deeper maps draw its tiles larger). */
  MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(0).max(22).default(19),
  /**
   * The ECB euro reference rates file (eurofxref-daily.xml, downloaded daily by the operator; a sample ships in
   * lib/exchange-rates/sample): fees in another currency then show an approximate conversion into the visitor's.
   * Unset: no conversions.
   */
  EXCHANGE_RATES_FILE: z.string().trim().min(1).optional(),
  /** Rates whose day is more than this many days old are stale: no conversion is shown (lib/exchange-rates). */
  EXCHANGE_RATES_MAX_AGE_DAYS: z.coerce.number().int().min(0).max(3660).default(7),
  /** Set by test harnesses to their pid: the process exits once that parent is gone (lib/runtime/parent.ts). */
  EXIT_WITH_PARENT: z.coerce.number().int().positive().optional(),
  /**
   * Fault injection for the crash tests, `<step>:<ms>`: the sync pauses that long at a step (lib/content/sync/faults.ts),
   * after logging "fault point". Test only.
   */
  SYNC_TEST_PAUSE_AT: z
    .string()
    .regex(new RegExp(`^(${PAUSE_STEPS.join("|")}):\\d+$`), `expected <${PAUSE_STEPS.join("|")}>:<milliseconds>`)
    .optional()
    .transform((v) => (v ? parsePause(v) : undefined)),
});

export type Config = z.infer<typeof envSchema> & {
  sqliteFile: string;
  databaseKind: "sqlite" | "postgres";
  /** SYNC_THREADS, or by default whether the machine has more than one core. */
  syncThreads: boolean;
  /** MAP_TILE_* together; undefined without a tile server. */
  tileServer: TileServer | undefined;
};

/** Settings the environment got wrong, each named, so that a command can say which one to fix (and how it failed). */
export class ConfigError extends Error {
  readonly issues: { setting: string; message: string }[];

  constructor(issues: { setting: string; message: string }[]) {
    super(`Invalid environment configuration:\n${issues.map((i) => `  ${i.setting}: ${i.message}`).join("\n")}`);
    this.name = "ConfigError";
    this.issues = issues;
  }

  /** The settings at fault in one line ("SETTING: why; SETTING: why"), as a command says it. */
  get oneLine(): string {
    return this.issues.map((i) => `${i.setting}: ${i.message}`).join("; ");
  }
}

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => ({ setting: i.path.join("."), message: i.message })));
  }
  const cfg = result.data;
  if (cfg.NODE_ENV !== "test" && cfg.SYNC_TEST_PAUSE_AT) {
    throw new ConfigError([{ setting: "SYNC_TEST_PAUSE_AT", message: "only allowed when NODE_ENV=test" }]);
  }
  // Auth.js reads these by itself: one origin for every request would send every brand's visitors to one host.
  const pinned = ["AUTH_URL", "NEXTAUTH_URL", "AUTH_REDIRECT_PROXY_URL"].filter((name) => env[name]);
  if (pinned.length)
    throw new ConfigError([
      {
        setting: pinned.join(", "),
        message: `not used here (each brand signs in on its own hosts); unset ${pinned.length > 1 ? "them" : "it"}`,
      },
    ]);
  if (cfg.MAP_TILE_URL && !cfg.MAP_TILE_ATTRIBUTION)
    throw new ConfigError([
      {
        setting: "MAP_TILE_ATTRIBUTION",
        message: "required with MAP_TILE_URL (tile sources require their attribution)",
      },
    ]);
  if (!knownTimeZone(cfg.SYNC_TIMEZONE))
    throw new ConfigError([
      { setting: "SYNC_TIMEZONE", message: "is not a time zone (an IANA name: Europe/Zurich, UTC)" },
    ]);
  const schedule = scheduleProblem(cfg.SYNC_SCHEDULE, cfg.SYNC_TIMEZONE);
  if (schedule) throw new ConfigError([{ setting: "SYNC_SCHEDULE", message: schedule }]);
  const webhook =
    cfg.SYNC_ALERT_WEBHOOK_URL &&
    webhookUrlProblem(cfg.SYNC_ALERT_WEBHOOK_URL, { allowLoopback: cfg.SYNC_ALERT_DEV_ALLOW_LOOPBACK });
  if (webhook) throw new ConfigError([{ setting: "SYNC_ALERT_WEBHOOK_URL", message: webhook }]);
  const tileServer = cfg.MAP_TILE_URL
    ? {
        urlTemplate: cfg.MAP_TILE_URL,
        attribution: cfg.MAP_TILE_ATTRIBUTION!,
        attributionUrl: cfg.MAP_TILE_ATTRIBUTION_URL || undefined,
        maxZoom: cfg.MAP_TILE_MAX_ZOOM,
      }
    : undefined;
  const url = cfg.DATABASE_URL?.trim();
  const databaseKind = url && /^postgres(ql)?:\/\//i.test(url) ? "postgres" : "sqlite";
  const sqliteFile =
    databaseKind === "sqlite" && url ? url.replace(/^sqlite:(\/\/)?/i, "") : path.join(cfg.DATA_DIR, "hotels.sqlite");
  const syncThreads = cfg.SYNC_THREADS ?? os.availableParallelism() > 1;
  return { ...cfg, databaseKind, sqliteFile, syncThreads, tileServer };
}

function knownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= parseConfig();
  return cached;
}
