import type { EnvironmentChoice } from "./check-form";

/**
 * "Sign in yourself" on a brand's sign-on page: for a provider whose login no robot may pass (a second factor, a
 * captcha, a chain of providers), a one-time link the partner opens in their own browser. A plain form: the run's
 * page shows the link and the items as they come.
 */
export function SelfSignForm({
  brandId,
  environments,
  redirectUris,
}: {
  brandId: string;
  environments: EnvironmentChoice[];
  redirectUris: string[];
}) {
  const usable = environments.filter((e) => !!e.issuer && e.secretSet);
  return (
    <form className="check-form" method="post" action={`/ops/sso/${brandId}/sign-in-yourself`}>
      <fieldset>
        <legend>Provider</legend>
        <div className="fields">
          <label>
            Environment
            <select name="environment" defaultValue={(usable[0] ?? environments[0])?.environment}>
              {environments.map((e) => (
                <option key={e.environment} value={e.environment}>
                  {e.environment}
                  {e.issuer && e.secretSet ? ` (${e.issuer}, client ${e.clientId})` : ""}
                </option>
              ))}
            </select>
          </label>
          <label className="choice">
            <input type="radio" name="credentials" value="configured" defaultChecked={usable.length > 0} />
            The configured credentials of that environment
          </label>
          <label className="choice">
            <input type="radio" name="credentials" value="entered" defaultChecked={usable.length === 0} />
            Credentials entered here
          </label>
        </div>
        <div className="fields">
          <label>
            Issuer URL (entered credentials)
            <input name="issuer" type="url" maxLength={500} placeholder="https://login.partner.example" />
          </label>
          <label>
            Client id (entered credentials)
            <input name="clientId" maxLength={255} autoComplete="off" />
          </label>
          <label>
            Client secret (entered credentials)
            <input name="clientSecret" type="password" maxLength={500} autoComplete="new-password" />
          </label>
          <label className="wide">
            The brand&apos;s redirect URI the partner&apos;s browser comes back to
            <select name="redirectUri" defaultValue={redirectUris[0]}>
              {redirectUris.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </label>
        </div>
      </fieldset>
      <details>
        <summary>Another client (a code issued to it must be refused to this one)</summary>
        <fieldset>
          <div className="fields">
            <label>
              Other client id
              <input name="otherClientId" maxLength={255} autoComplete="off" />
            </label>
            <label>
              Other client secret
              <input name="otherClientSecret" type="password" maxLength={500} autoComplete="new-password" />
            </label>
          </div>
        </fieldset>
      </details>
      <p>
        <button type="submit">Make the link</button>
      </p>
    </form>
  );
}
