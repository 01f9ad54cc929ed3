/**
 * An OAuth error code as an IdP sent it, fit for a log line or a page: OAuth error codes are short ASCII words
 * (RFC 6749 §4.1.2.1), so anything else is replaced and the length bounded.
 */
export function errorCode(value: string | null): string {
  return value ? value.replace(/[^\w.-]/g, "?").slice(0, 64) : "(none)";
}

/** The error codes OAuth 2.0 (RFC 6749 §4.1.2.1, §5.2) and OpenID Connect Core (§3.1.2.6) define. */
const REGISTERED = new Set([
  "invalid_request",
  "unauthorized_client",
  "access_denied",
  "unsupported_response_type",
  "invalid_scope",
  "server_error",
  "temporarily_unavailable",
  "invalid_client",
  "invalid_grant",
  "unsupported_grant_type",
  "interaction_required",
  "login_required",
  "account_selection_required",
  "consent_required",
  "invalid_request_uri",
  "invalid_request_object",
  "request_not_supported",
  "request_uri_not_supported",
  "registration_not_supported",
]);

/**
 * An error code fit to show anyone: a registered one as it is, any other as "(another code)". A code is 64 characters
 * of the IdP's (or a forger's) choosing, so only the browser that saw it may read an unregistered one.
 */
export function registeredErrorCode(value: string | null): string {
  const code = errorCode(value);
  return REGISTERED.has(code) ? code : "(another code)";
}
