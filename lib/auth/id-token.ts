import {
  compactVerify,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from "jose";
import { idpError } from "./idp-fetch";
import { verificationKey } from "./keys";

export interface IdTokenExpectations {
  /** The configured issuer, which discovery confirmed (spec §2.4: iss equal to it exactly). */
  issuer: string;
  clientId: string;
  jwksUri: string;
  /** The nonce the authorize request sent, when the caller holds it (Auth.js compares it itself). */
  nonce?: string;
  /** The key for a kid, when the caller holds the key set itself (the validator); else the cached key set of jwksUri. */
  keyFor?: (kid: string | undefined) => Promise<CryptoKey>;
}

/** Allowed clock difference with the partner's provider, in seconds. */
const CLOCK_TOLERANCE_S = 60;

export type IdTokenRuleId = "alg" | "signature" | "iss" | "aud" | "azp" | "exp" | "iat" | "nonce" | "sub";

/** One rule of spec §2.4 / §5 for an id_token, with what was seen. */
export interface IdTokenRule {
  id: IdTokenRuleId;
  ok: boolean;
  /** What the rule says, and what the token had when it fails. */
  detail: string;
}

export interface IdTokenEvaluation {
  /** The decoded header and claims (undefined when the token is not a JWS at all). */
  header?: ProtectedHeaderParameters;
  claims?: JWTPayload;
  rules: IdTokenRule[];
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * Every rule an id_token must meet, each judged on its own (the signature failing does not hide what the claims
 * say): a JWS signed with RS256 only (spec §5 SSO rule 2: HS256, ES256 and "none" refused), by a key of the issuer's
 * key set; iss equal to the issuer; aud containing the client id, and azp equal to it when there are several
 * audiences or azp is given; exp not passed; iat present and not in the future; nonce present (and equal to the
 * expected one when given); sub a string of 1 to 255 characters.
 */
export async function evaluateIdToken(token: string, expect: IdTokenExpectations): Promise<IdTokenEvaluation> {
  let header: ProtectedHeaderParameters;
  let claims: JWTPayload;
  try {
    header = decodeProtectedHeader(token);
    claims = decodeJwt(token);
  } catch {
    return { rules: [{ id: "alg", ok: false, detail: "the id_token is not a JWS (header.payload.signature)" }] };
  }
  const rule = (id: IdTokenRuleId, ok: boolean, detail: string): IdTokenRule => ({ id, ok, detail });
  const rules: IdTokenRule[] = [
    rule("alg", header.alg === "RS256", `signed with ${String(header.alg)}; only RS256 is accepted`),
    await signatureRule(token, header, expect),
  ];
  const audiences = Array.isArray(claims.aud) ? claims.aud : claims.aud === undefined ? [] : [claims.aud];
  rules.push(
    rule(
      "iss",
      claims.iss === expect.issuer,
      `iss ${JSON.stringify(claims.iss)} is not the issuer ${JSON.stringify(expect.issuer)}`,
    ),
    rule(
      "aud",
      audiences.includes(expect.clientId),
      `aud ${JSON.stringify(claims.aud)} does not contain the client id`,
    ),
    rule(
      "azp",
      (audiences.length <= 1 && claims.azp === undefined) || claims.azp === expect.clientId,
      claims.azp === undefined
        ? "several audiences and no azp naming this client"
        : `azp ${JSON.stringify(claims.azp)} is not this client`,
    ),
    rule(
      "exp",
      typeof claims.exp === "number" && claims.exp + CLOCK_TOLERANCE_S > now(),
      typeof claims.exp === "number" ? `expired at ${new Date(claims.exp * 1000).toISOString()}` : "no exp",
    ),
    rule(
      "iat",
      typeof claims.iat === "number" && claims.iat <= now() + CLOCK_TOLERANCE_S,
      typeof claims.iat === "number" ? `iat ${new Date(claims.iat * 1000).toISOString()} is in the future` : "no iat",
    ),
    rule(
      "nonce",
      typeof claims.nonce === "string" && (expect.nonce === undefined || claims.nonce === expect.nonce),
      typeof claims.nonce === "string" ? "the nonce is not the one the authorize request sent" : "no nonce",
    ),
    rule(
      "sub",
      typeof claims.sub === "string" && claims.sub.length > 0 && claims.sub.length <= 255,
      "sub is not a string of 1 to 255 characters",
    ),
  );
  return { header, claims, rules };
}

async function signatureRule(
  token: string,
  header: ProtectedHeaderParameters,
  expect: IdTokenExpectations,
): Promise<IdTokenRule> {
  if (header.alg !== "RS256")
    return {
      id: "signature",
      ok: false,
      detail: `a ${String(header.alg)} signature is never checked against the key set`,
    };
  const key = (reload: boolean) =>
    expect.keyFor?.(header.kid) ?? verificationKey(expect.jwksUri, header.kid, { reload });
  const verify = async (reload: boolean) => compactVerify(token, await key(reload), { algorithms: ["RS256"] });
  try {
    await verify(false).catch((e: unknown) => {
      // A key replaced under the same kid: the key set once more, then the same check.
      if (e instanceof errors.JWSSignatureVerificationFailed) return verify(true);
      throw e;
    });
    return { id: "signature", ok: true, detail: "verifies against the issuer's key set" };
  } catch (e) {
    const reason = e instanceof errors.JOSEError ? e.message : (e as Error).message;
    return { id: "signature", ok: false, detail: `the signature does not verify against the key set (${reason})` };
  }
}

/**
 * Verifies an id_token before the sign-in goes on (Auth.js itself never checks the signature): every rule of
 * evaluateIdToken must hold; the first that does not is an ID_TOKEN_INVALID error naming it.
 */
export async function verifyIdToken(token: string, expect: IdTokenExpectations): Promise<JWTPayload> {
  const { claims, rules } = await evaluateIdToken(token, expect);
  const failed = rules.find((r) => !r.ok);
  if (failed || !claims)
    throw idpError("ID_TOKEN_INVALID", `the id_token was refused (${failed?.id}: ${failed?.detail})`);
  return claims;
}
