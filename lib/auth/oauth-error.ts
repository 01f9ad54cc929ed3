/**
 * An OAuth error code as an IdP sent it, fit for a log line or a page: OAuth error codes are short ASCII words
 * (RFC 6749 §4.1.2.1), so anything else is replaced and the length bounded.
 */
export function errorCode(value: string | null): string {
  return value ? value.replace(/[^\w.-]/g, "?").slice(0, 64) : "(none)";
}
