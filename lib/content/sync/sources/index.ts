import type { Config } from "@/lib/config";
import type { Logger } from "@/lib/log";
import { SyncError } from "../../errors";
import { LocalSource } from "./local";
import { SftpSource, parseSftpUrl, readPrivateKey, withoutPassword } from "./sftp";
import type { ExportSource } from "./types";

export type { ExportFile, ExportSource, SourceSpec } from "./types";
export { LocalSource } from "./local";
export { SftpSource } from "./sftp";

/** Opens the source a user names on the command line: sftp://user@host:port/path, or a local file or directory. */
export function openSource(spec: string, cfg: Config, log: Logger): ExportSource {
  if (/^sftp:\/\//i.test(spec)) {
    const target = parseSftpUrl(spec);
    const privateKey = readPrivateKey(cfg.SFTP_PRIVATE_KEY_FILE, cfg.SFTP_PASSPHRASE);
    if (!privateKey && !cfg.SFTP_PASSWORD) {
      throw new SyncError({
        code: "INVALID_CONFIG",
        message: "SFTP needs credentials: set SFTP_PRIVATE_KEY_FILE (a key file) or SFTP_PASSWORD",
        field: "SFTP_PRIVATE_KEY_FILE",
      });
    }
    return new SftpSource({
      ...target,
      privateKey,
      passphrase: cfg.SFTP_PASSPHRASE,
      password: cfg.SFTP_PASSWORD,
      hostFingerprint: cfg.SFTP_HOST_FINGERPRINT,
      acceptAnyHostKey: cfg.SFTP_ACCEPT_ANY_HOST_KEY,
      retries: cfg.SFTP_RETRIES,
      retryBaseMs: cfg.SFTP_RETRY_BASE_MS,
      log,
    });
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(spec)) {
    throw new SyncError({
      code: "INVALID_SOURCE",
      message: `Unsupported source ${withoutPassword(spec)}: use sftp://… or a local path`,
      field: "source",
    });
  }
  return new LocalSource(spec);
}
