import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from "jose";
import { idpError } from "./idp-fetch";
import { verificationKey } from "./keys";

export interface IdTokenExpectations {
  /** The configured issuer, which discovery confirmed (spec §2.4: iss equal to it exactly). */
  issuer: string;
  clientId: string;
  jwksUri: string;
}

/** Allowed clock difference with the partner's provider, in seconds. */
const CLOCK_TOLERANCE_S = 60;

/**
 * Verifies an id_token before the sign-in goes on (Auth.js itself never checks the signature): a JWS signed with
 * RS256 only (spec §5 SSO rule 2: HS256, ES256 and "none" refused), by a key of the issuer's key set; iss equal to
 * the issuer; aud containing the client id, and azp equal to it when there are several audiences or azp is given;
 * exp not passed; iat, nonce and sub present. (The nonce's value is compared with the sign-in's own by Auth.js,
 * which holds it.) Any failure is an ID_TOKEN_INVALID error that names the rule.
 */
export async function verifyIdToken(token: string, expect: IdTokenExpectations): Promise<JWTPayload> {
  let alg: string | undefined;
  let kid: string | undefined;
  try {
    ({ alg, kid } = decodeProtectedHeader(token));
  } catch {
    throw idpError("ID_TOKEN_INVALID", "the id_token is not a JWS");
  }
  if (alg !== "RS256")
    throw idpError("ID_TOKEN_INVALID", `the id_token is signed with ${String(alg)}; only RS256 is accepted`);
  const verify = async (reload: boolean) =>
    jwtVerify(token, await verificationKey(expect.jwksUri, kid, { reload }), {
      algorithms: ["RS256"],
      issuer: expect.issuer,
      audience: expect.clientId,
      requiredClaims: ["iss", "sub", "aud", "exp", "iat", "nonce"],
      clockTolerance: CLOCK_TOLERANCE_S,
    });
  let payload: JWTPayload;
  try {
    ({ payload } = await verify(false).catch((e: unknown) => {
      // A key replaced under the same kid: the key set once more, then the same checks.
      if (e instanceof errors.JWSSignatureVerificationFailed) return verify(true);
      throw e;
    }));
  } catch (e) {
    const reason = e instanceof errors.JOSEError ? `${e.code}: ${e.message}` : (e as Error).message;
    throw idpError("ID_TOKEN_INVALID", `the id_token was refused (${reason})`);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== expect.clientId)
    throw idpError(
      "ID_TOKEN_INVALID",
      payload.azp === undefined
        ? "the id_token has several audiences and no azp naming this client"
        : "the id_token's azp is another client",
    );
  if (typeof payload.sub !== "string" || payload.sub.length === 0 || payload.sub.length > 255)
    throw idpError("ID_TOKEN_INVALID", "the id_token's sub is not a string of 1 to 255 characters");
  if (typeof payload.iat !== "number" || payload.iat > Date.now() / 1000 + CLOCK_TOLERANCE_S)
    throw idpError("ID_TOKEN_INVALID", "the id_token's iat is missing or in the future");
  return payload;
}
