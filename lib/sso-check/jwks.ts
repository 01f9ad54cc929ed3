import { endpointProblem, type CheckRun } from "./context";
import { call, excerpt } from "./http";

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The key set (spec §4.7 check 2): at least one RSA key for RS256 signatures, with a kid and a well-formed key. */
export async function checkJwks(run: CheckRun): Promise<void> {
  const uri = run.endpoint("jwks_uri");
  const named = run.discovery?.jwks_uri;
  if (!uri && typeof named === "string" && URL.canParse(named))
    return run.fail("jwks.rs256", `jwks_uri ${endpointProblem(run.input, named)}: not fetched`, {
      hint: "Serve the key set from the provider's own origin (discovery.fields names every endpoint refused).",
    });
  if (!uri) return run.skip("jwks.rs256", "the discovery document names no jwks_uri");
  let answer;
  try {
    answer = await call(run.input, uri, { headers: { accept: "application/json" } });
  } catch (e) {
    return run.fail("jwks.rs256", `${uri} could not be fetched: ${(e as Error).message}`);
  }
  const keys = (answer.json as { keys?: unknown } | undefined)?.keys;
  if (answer.status !== 200 || !Array.isArray(keys))
    return run.fail("jwks.rs256", `${uri} answered ${answer.status} without a keys array`, {
      seen: excerpt(answer.text),
    });
  run.keys = keys.filter((k): k is Record<string, unknown> => typeof k === "object" && k !== null);
  const described = keys.map(
    (k: Record<string, unknown>) => `${k.kty}/${k.alg ?? "no alg"}/${k.use ?? "no use"}/kid ${k.kid ?? "none"}`,
  );
  const good = keys.filter(
    (k: Record<string, unknown>) =>
      k.kty === "RSA" &&
      k.alg === "RS256" &&
      k.use === "sig" &&
      typeof k.kid === "string" &&
      k.kid.length > 0 &&
      typeof k.n === "string" &&
      BASE64URL.test(k.n) &&
      Buffer.from(k.n, "base64url").length >= 256 &&
      typeof k.e === "string" &&
      BASE64URL.test(k.e) &&
      k.d === undefined, // a private part must never be published
  );
  if (keys.some((k: Record<string, unknown>) => k.d !== undefined))
    return run.fail("jwks.rs256", "the key set publishes a private key (d)", { hint: "Publish public keys only." });
  if (good.length) run.pass("jwks.rs256", `${good.length} usable RS256 key(s)`, described.join("; "));
  else
    run.fail("jwks.rs256", "no RSA key with alg RS256, use sig, a kid and a 2048-bit or larger modulus", {
      seen: described.join("; ") || "no keys",
      hint: "spec §2.4: each key has kty RSA, kid, use sig, alg RS256, n and e. Some providers leave alg out: add it.",
    });
}
