import fs from "node:fs";
import { DEMO_PASSWORD, demoUsers, startPartnerIdp, type PartnerIdp, type PartnerIdpOptions } from "@/lib/partner-idp";
import type { SsoCheckInput } from "./input";

/**
 * The reference partner IdP as the validator's tests and benchmark check it: a brand's client, a second client (for
 * "a code issued to another client") and the scenario-B partner API, all on this machine.
 */
export const REFERENCE_REDIRECT_URI = "http://brand-a.localhost:3000/oauth2/idpresponse";
export const REFERENCE_BRAND = {
  clientId: "brand-a",
  clientSecret: "brand-a-secret-0001",
  redirectUris: [REFERENCE_REDIRECT_URI],
};
export const REFERENCE_OTHER = {
  clientId: "brand-b",
  clientSecret: "brand-b-secret-0002",
  redirectUris: ["http://brand-b.localhost:3000/oauth2/idpresponse"],
};
export const REFERENCE_API_KEY = "validator-test-partner-api-key";

/** The reference IdP with both clients and the partner API (faults and code lifetime as asked). */
export function startReference(
  dataDir: string,
  opts: Pick<PartnerIdpOptions, "faults" | "codeTtlSeconds"> = {},
): Promise<PartnerIdp> {
  return startPartnerIdp({
    dataDir,
    clients: [REFERENCE_BRAND, REFERENCE_OTHER],
    partnerApiKey: REFERENCE_API_KEY,
    ...opts,
  });
}

/** The validator's input for the reference IdP: every optional part given, development switch on, its CA trusted. */
export function referenceInput(idp: PartnerIdp, extra: Partial<SsoCheckInput> = {}): SsoCheckInput {
  return {
    issuer: idp.issuer,
    clientId: REFERENCE_BRAND.clientId,
    clientSecret: REFERENCE_BRAND.clientSecret,
    redirectUri: REFERENCE_REDIRECT_URI,
    user: { username: demoUsers[0]!.email, password: DEMO_PASSWORD },
    otherClient: { clientId: REFERENCE_OTHER.clientId, clientSecret: REFERENCE_OTHER.clientSecret },
    partnerApi: { url: idp.partnerApiUrl, key: REFERENCE_API_KEY },
    production: false,
    allowLoopback: true,
    trust: { caPem: fs.readFileSync(idp.caFile, "utf8"), spkiSha256: idp.spkiSha256 },
    ...extra,
  };
}
