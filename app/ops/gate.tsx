import type { OpsAccess } from "@/lib/ops";

/** What an operators' page shows instead of its data when the page is off or the visitor is not signed in. */
export function OpsGate({ access, error }: { access: Exclude<OpsAccess, "signed-in">; error?: "wrong" | "throttled" }) {
  if (access === "off") {
    return (
      <section className="empty">
        <h1>Status page is off</h1>
        <p>
          Set <code>OPS_TOKEN</code> (at least 16 characters) in the server&apos;s environment to turn it on.
        </p>
      </section>
    );
  }
  return (
    <section>
      <h1>Sign in</h1>
      <p>The status page is for the platform&apos;s operators. Enter the operators&apos; token.</p>
      {error === "wrong" && <p role="alert">That token is not right.</p>}
      {error === "throttled" && (
        <p role="alert">Too many wrong tokens from your network. Wait a minute, then try again.</p>
      )}
      <form className="login" method="post" action="/ops/login">
        <label htmlFor="token">Token</label>
        <input id="token" name="token" type="password" autoComplete="current-password" required />
        <button type="submit">Sign in</button>
      </form>
    </section>
  );
}
