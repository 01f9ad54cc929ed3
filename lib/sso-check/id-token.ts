import { importJWK, type JWK } from "jose";
import { evaluateIdToken, type IdTokenRuleId } from "@/lib/auth/node";
import type { CheckRun } from "./context";

/** The key of the key set the validator fetched, for a token header's kid (none: the set's only RSA key). */
function keyFor(run: CheckRun) {
  return async (kid: string | undefined) => {
    const rsa = run.keys.filter((k) => k.kty === "RSA" && (k.alg === undefined || k.alg === "RS256"));
    const jwk = kid === undefined ? (rsa.length === 1 ? rsa[0] : undefined) : rsa.find((k) => k.kid === kid);
    if (!jwk)
      throw new Error(kid === undefined ? "no kid, and the key set has several RSA keys" : `no key with kid ${kid}`);
    return (await importJWK({ ...(jwk as JWK), alg: "RS256" }, "RS256")) as CryptoKey;
  };
}

/** The id_token of the token response (spec §2.4 claims, §4.7 checks 7–8, §5 SSO rule 2), each rule its own item. */
export async function checkIdToken(run: CheckRun): Promise<void> {
  const ids = ["id_token.signature", "id_token.iss", "id_token.claims", "id_token.nonce", "id_token.profile"] as const;
  const token = run.tokens?.id_token;
  if (typeof token !== "string") return run.skipRest(ids, "no id_token (the code exchange did not give one)");
  const { header, claims, rules } = await evaluateIdToken(token, {
    issuer: run.input.issuer,
    clientId: run.input.clientId,
    jwksUri: run.endpoint("jwks_uri") ?? "",
    nonce: run.tokens!.nonce,
    keyFor: keyFor(run),
  });
  if (!claims) {
    // Not a JWT at all: only the alg rule could be judged; nothing else was checked.
    const why =
      rules
        .filter((r) => !r.ok)
        .map((r) => `${r.id}: ${r.detail}`)
        .join("; ") || "not a JWT";
    run.fail("id_token.signature", `the id_token could not be decoded (${why})`, {
      hint: "The id_token must be a JWS in compact form (three base64url parts), signed with RS256 (spec §2.4).",
    });
    return run.skipRest(ids, "the id_token could not be decoded");
  }
  const judge = (id: (typeof ids)[number], of: IdTokenRuleId[], passed: string, hint: string) => {
    const failed = rules.filter((r) => of.includes(r.id) && !r.ok);
    if (failed.length) run.fail(id, failed.map((r) => `${r.id}: ${r.detail}`).join("; "), { hint });
    else run.pass(id, passed);
  };
  judge(
    "id_token.signature",
    ["alg", "signature"],
    `RS256, kid ${String(header?.kid)}: the signature verifies against the key set`,
    "Sign id_tokens with RS256 and a key of the published key set (spec §5 SSO rule 2: HS256 is not supported).",
  );
  judge(
    "id_token.iss",
    ["iss"],
    `iss is ${JSON.stringify(claims?.iss)}`,
    "iss must be the issuer URL exactly (spec §2.4).",
  );
  judge(
    "id_token.claims",
    ["aud", "azp", "exp", "iat", "sub"],
    `aud ${JSON.stringify(claims?.aud)}, exp, iat, sub present and valid`,
    "aud must contain the client id (azp with several audiences); exp in the future; iat; a stable sub.",
  );
  judge(
    "id_token.nonce",
    ["nonce"],
    "nonce echoes the authorize request's",
    "Echo the authorize request's nonce in the id_token (spec §2.4).",
  );
  const missing = ["email", "given_name", "family_name"].filter((c) => typeof claims?.[c] !== "string" || !claims[c]);
  if (missing.length)
    run.fail("id_token.profile", `missing: ${missing.join(", ")}`, {
      seen: `claims: ${Object.keys(claims ?? {}).join(", ")}`,
      hint: "Put email, given_name and family_name in the id_token for scope openid email profile (spec §4.7 check 7); a relying party would otherwise need UserInfo.",
    });
  else run.pass("id_token.profile", "email, given_name and family_name are in the id_token");
}
