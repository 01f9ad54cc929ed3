import { discoveryUrl } from "@/lib/auth/node";
import { endpointProblem, type CheckRun } from "./context";
import { call, excerpt } from "./http";

/** spec §2.4 "Discovery document": each field, and the values its array must contain. */
const URL_FIELDS = ["authorization_endpoint", "token_endpoint", "jwks_uri"] as const;
const MUST_CONTAIN: Record<string, string[]> = {
  response_types_supported: ["code"],
  subject_types_supported: ["public"],
  id_token_signing_alg_values_supported: ["RS256"],
  scopes_supported: ["openid", "email", "profile"],
  token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
  claims_supported: ["sub", "email", "given_name", "family_name"],
};

const isUrl = (v: unknown) => typeof v === "string" && URL.canParse(v);

/** Discovery (spec §4.7 check 1): fetched without authentication, every field of §2.4, the issuer exact, HTTPS. */
export async function checkDiscovery(run: CheckRun): Promise<void> {
  const url = discoveryUrl(run.input.issuer);
  let answer;
  try {
    answer = await call(run.input, url, { headers: { accept: "application/json" } });
  } catch (e) {
    run.fail("discovery.json", `${url} could not be fetched: ${(e as Error).message}`, {
      hint: "The discovery document must be reachable over HTTPS from the internet, without authentication.",
    });
    return;
  }
  const doc = answer.json;
  if (answer.status !== 200 || typeof doc !== "object" || doc === null || Array.isArray(doc)) {
    run.fail("discovery.json", `${url} answered ${answer.status}, not a JSON object`, {
      seen: excerpt(answer.text),
      hint: "Serve the document at {issuer}/.well-known/openid-configuration with status 200, JSON, no login.",
    });
    return;
  }
  run.discovery = doc as Record<string, unknown>;
  run.pass(
    "discovery.json",
    `${url} answered 200 with a JSON object`,
    `content-type ${answer.headers.get("content-type")}`,
  );

  const problems: string[] = [];
  if (typeof run.discovery.issuer !== "string") problems.push("issuer is missing");
  // Each endpoint under the outbound rules too (https; this machine only under the development switch): the
  // validator's requests and its browser go there next.
  const fieldProblem = (field: string) => {
    const value = run.discovery![field];
    if (!isUrl(value)) return `${field} is not a URL`;
    const problem = endpointProblem(run.input, value as string);
    return problem && `${field} ${problem}`;
  };
  for (const field of URL_FIELDS) {
    const problem = fieldProblem(field);
    if (problem) problems.push(problem);
  }
  if (run.discovery.userinfo_endpoint !== undefined) {
    const problem = fieldProblem("userinfo_endpoint");
    if (problem) problems.push(problem);
  }
  for (const [field, values] of Object.entries(MUST_CONTAIN)) {
    const list = run.discovery[field];
    if (!Array.isArray(list)) problems.push(`${field} is missing`);
    else for (const v of values) if (!list.includes(v)) problems.push(`${field} lacks ${v}`);
  }
  if (problems.length)
    run.fail("discovery.fields", problems.join("; "), {
      hint: "spec §2.4 lists each field of the discovery document and the values its arrays must contain.",
    });
  else run.pass("discovery.fields", "every field of §2.4 is there, with the required values");

  if (run.discovery.issuer === run.input.issuer)
    run.pass("discovery.issuer", `issuer is ${JSON.stringify(run.input.issuer)}`);
  else
    run.fail(
      "discovery.issuer",
      `issuer is ${JSON.stringify(run.discovery.issuer)}, not ${JSON.stringify(run.input.issuer)}`,
      {
        hint: "The issuer must be the exact string the partner gave, trailing slash included or not: relying parties compare it character by character.",
      },
    );

  const urls = [run.input.issuer, ...URL_FIELDS.map((f) => run.discovery![f]), run.discovery.userinfo_endpoint].filter(
    (u): u is string => typeof u === "string",
  );
  const plain = urls.filter((u) => !u.startsWith("https://"));
  if (!plain.length) run.pass("discovery.https", "the issuer and every endpoint use https");
  else if (!run.input.production)
    run.pass("discovery.https", `plain http allowed in development (${plain.length} URL(s)); production needs https`);
  else
    run.fail("discovery.https", `not https: ${plain.join(", ")}`, { hint: "Every URL must use https in production." });
}
