/**
 * The reference partner identity provider (spec §4.6 scenario C): an OpenID provider on oidc-provider, its login page,
 * the partner's own site and the scenario-B partner API (spec §4.5), over HTTPS on a local CA. Started by ./start.ts.
 */
export type { BrandLink, PartnerIdpClient, PartnerIdpOptions } from "./options";
export { PARTNER_NAME, PARTNER_SITE_CLIENT_ID } from "./options";
export { retireKeys, rotateKeys } from "./keys";
export { DEMO_PASSWORD, demoUsers, hashPassword, type PartnerUserProfile } from "./users";
/** Test-only deliberate breakages (faults.ts), for the tests of validators and relying parties. */
export { PARTNER_IDP_FAULT_NAMES, PARTNER_IDP_FAULTS, type PartnerIdpFault } from "./faults";
export { brandRegistrations } from "./brand-clients";
export { DEMO_SSO_CLIENTS, startDemoSso, type DemoSso } from "./demo";
export { ensureTls } from "./tls";
export { startPartnerIdp, type PartnerIdp } from "./start";
