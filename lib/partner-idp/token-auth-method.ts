import type Provider from "oidc-provider";
import type { TokenEndpointAuthMethod } from "@/lib/config";
import { log } from "@/lib/log";
import { providerClass, providerErrors } from "./oidc";

/**
 * A client registered with a token endpoint authentication method (the clients file) is held to it, as a partner's
 * real provider holds its clients: oidc-provider 9 takes client_secret_basic and client_secret_post alike for any
 * client registered with either (lib/shared/client_auth.js), so the check is added where it compares the secret.
 * Clients registered without one (the brands) keep taking both (spec §5 SSO rule 1: body or HTTP Basic).
 *
 * oidc-provider reads the secret from the body when the body has one (client_secret_post), and from the
 * Authorization header otherwise (client_secret_basic); the same order tells here which method a request used.
 */
export function holdClientsToTheirAuthMethod(
  provider: Provider,
  methods: ReadonlyMap<string, TokenEndpointAuthMethod>,
): void {
  if (methods.size === 0) return;
  const ProviderClass = providerClass();
  const { InvalidClientAuth } = providerErrors();
  const client = provider.Client.prototype;
  const compare = client.compareClientSecret;
  client.compareClientSecret = function (this: typeof client, secret: string) {
    const registered = methods.get(this.clientId);
    if (registered) {
      const used =
        ProviderClass.ctx?.oidc?.params?.client_secret !== undefined ? "client_secret_post" : "client_secret_basic";
      if (used !== registered) {
        log.info({ clientId: this.clientId, registered, used }, "partner IdP: token request with another auth method");
        throw new InvalidClientAuth(`the client is registered for ${registered}; the request used ${used}`);
      }
    }
    return compare.call(this, secret);
  };
}
