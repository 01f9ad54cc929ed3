import type { CheckRun } from "./context";
import { excerpt, postJson, type Answer } from "./http";

const PROFILE = ["user_id", "email", "given_name", "family_name"] as const;
const isProfile = (a: Answer) =>
  a.status === 200 && PROFILE.every((f) => typeof (a.json as Record<string, unknown> | undefined)?.[f] === "string");
const isErrorBody = (a: Answer) => typeof (a.json as { error?: unknown } | undefined)?.error === "string";
const seenOf = (a: Answer) => `${a.status} ${excerpt(a.text, 80)}`;

/** Scenario B's partner authentication API (spec §4.5, §2.4 "User profile" and "Error body", §5 SSO rule 4). */
export async function checkPartnerApi(run: CheckRun): Promise<void> {
  const api = run.input.partnerApi;
  const ids = ["partner_api.key", "partner_api.validate", "partner_api.get_user"] as const;
  if (!api) return run.skipRest(ids, "scenario B only: no partner API given (its URL and shared key)");
  try {
    await checkEndpoints(run, api);
  } catch (e) {
    run.skipRest(ids, `the partner API could not be reached: ${(e as Error).message}`);
  }
}

async function checkEndpoints(run: CheckRun, api: NonNullable<CheckRun["input"]["partnerApi"]>): Promise<void> {
  const base = api.url.replace(/\/$/, "");
  const auth = { authorization: `Bearer ${api.key}` };
  const user = run.input.user;
  const probe = { email: user?.username ?? "nobody@example.invalid", password: "x" };

  const withoutKey = await Promise.all([
    postJson(run.input, `${base}/auth/validate`, probe),
    postJson(run.input, `${base}/auth/get-user`, { email: probe.email }),
    postJson(run.input, `${base}/auth/validate`, probe, { authorization: `Bearer ${api.key}-wrong` }),
  ]);
  const open = withoutKey.filter((a) => a.status !== 401 && a.status !== 403);
  if (!open.length)
    run.pass("partner_api.key", `without the key or with a wrong one: ${withoutKey.map((a) => a.status).join(", ")}`);
  else
    run.fail("partner_api.key", `answered ${open.map((a) => a.status).join(", ")} without a valid key`, {
      seen: open.map(seenOf).join(" | "),
      hint: "Both endpoints require the shared key (Authorization: Bearer …); without it, 401 (spec §4.5, §5 SSO rule 4).",
    });

  if (!user)
    return run.skipRest(
      ["partner_api.validate", "partner_api.get_user"],
      "no test user given (a username and password at the partner)",
    );
  const good = await postJson(
    run.input,
    `${base}/auth/validate`,
    { email: user.username, password: user.password },
    auth,
  );
  const bad = await postJson(
    run.input,
    `${base}/auth/validate`,
    { email: user.username, password: `${user.password}-wrong` },
    auth,
  );
  if (isProfile(good) && bad.status === 401 && isErrorBody(bad))
    run.pass("partner_api.validate", "200 with the user profile; a wrong password 401 with an error body");
  else
    run.fail("partner_api.validate", `good credentials ${good.status}, a wrong password ${bad.status}`, {
      seen: `${seenOf(good)} | ${seenOf(bad)}`,
      hint: "POST /auth/validate {email, password}: 200 {user_id, email, given_name, family_name}, or 401 {error}.",
    });

  const known = await postJson(run.input, `${base}/auth/get-user`, { email: user.username }, auth);
  const unknown = await postJson(
    run.input,
    `${base}/auth/get-user`,
    { email: `nobody-${Date.now()}@example.invalid` },
    auth,
  );
  if (isProfile(known) && unknown.status === 404 && isErrorBody(unknown))
    run.pass("partner_api.get_user", "200 with the user profile; an unknown user 404 with an error body");
  else
    run.fail("partner_api.get_user", `known user ${known.status}, unknown user ${unknown.status}`, {
      seen: `${seenOf(known)} | ${seenOf(unknown)}`,
      hint: "POST /auth/get-user {email}: 200 with the profile, or 404 {error}.",
    });
}
