/**
 * The sync vocabulary: why a content sync (or a gazetteer import) refused a source, failed or did not publish. These
 * never answer an HTTP request (the commands print them, run records keep them), so they carry no status; the HTTP
 * vocabulary is lib/http/errors.ts.
 */
export const SYNC_ERROR_CODES = [
  // The source: its settings, its URL or path, its server, its files.
  "INVALID_CONFIG",
  "INVALID_SOURCE",
  "SOURCE_NOT_FOUND",
  /** The source's folder or a file in it exists, but this user may not read it (SFTP or local permissions). */
  "SOURCE_PERMISSION_DENIED",
  "UNSUPPORTED_FILE",
  /** A file changed while it was read (the run restarts a few times before failing). */
  "SOURCE_CHANGED",
  "SFTP_UNAVAILABLE",
  /** The SFTP host's name does not resolve (DNS): a mistyped source URL, not a server that is down. */
  "SFTP_HOST_NOT_FOUND",
  "SFTP_AUTH_FAILED",
  "SFTP_HOST_KEY_MISMATCH",
  "SFTP_HOST_KEY_NOT_PINNED",
  /** The store that DATABASE_URL (or DATA_DIR) names cannot be opened: the server is down, refuses, or the file cannot be made. */
  "STORE_UNAVAILABLE",
  // The export itself.
  /** The source's schema differs from ours (--allow-schema-change loads it anyway). */
  "SCHEMA_MISMATCH",
  "SCHEMA_TOO_LARGE",
  "EMPTY_EXPORT",
  "INVALID_EXPORT_FILE",
  "TRUNCATED_INPUT",
  // The run: another holds the lock, this one lost it, or it staged and refused to publish (--force publishes).
  "SYNC_LOCKED",
  "SYNC_LOCK_LOST",
  "REMOVAL_THRESHOLD",
  "REJECTION_THRESHOLD",
  /** A run whose process died, found and closed by the next run. */
  "ABANDONED",
  /** Anything unexpected, its message as it came. */
  "SYNC_FAILED",
  /** The gazetteer import (npm run places) could not read its input. */
  "IMPORT_FAILED",
] as const;

export type SyncErrorCode = (typeof SYNC_ERROR_CODES)[number];

/** A failure of a sync or import: a code of SYNC_ERROR_CODES, a readable message and, where one is at fault, the file or setting. */
export class SyncError extends Error {
  readonly code: SyncErrorCode;
  readonly field?: string;

  constructor(opts: { code: SyncErrorCode; message: string; field?: string; cause?: unknown }) {
    super(opts.message, { cause: opts.cause });
    this.name = "SyncError";
    this.code = opts.code;
    this.field = opts.field;
  }
}

export function isSyncError(e: unknown): e is SyncError {
  return e instanceof SyncError;
}

export function isSyncErrorCode(code: unknown): code is SyncErrorCode {
  return (SYNC_ERROR_CODES as readonly unknown[]).includes(code);
}

/** What a run record and a command's --json keep of a failure: its code and message. */
export function syncFailure(e: unknown): { code: SyncErrorCode; message: string } {
  return isSyncError(e)
    ? { code: e.code, message: e.message }
    : { code: "SYNC_FAILED", message: e instanceof Error ? e.message : String(e) };
}

/**
 * Failures that may pass by themselves, which a scheduled run tries again later (with backoff): the server or the
 * store out of reach, a file replaced while it was read, the lock held or taken over by another run. The others
 * (a setting, a path, a key, the export itself) fail the same way until someone changes something.
 */
const TRANSIENT_SYNC_ERRORS: ReadonlySet<SyncErrorCode> = new Set([
  "SFTP_UNAVAILABLE",
  "STORE_UNAVAILABLE",
  "SOURCE_CHANGED",
  "SYNC_LOCKED",
  "SYNC_LOCK_LOST",
]);

export function isTransientSyncError(code: SyncErrorCode): boolean {
  return TRANSIENT_SYNC_ERRORS.has(code);
}
