import type { CheckRun } from "./context";
import { call, excerpt } from "./http";

/** UserInfo (spec §4.4 GET userinfo): when the provider offers it, it answers for the access token, same sub. */
export async function checkUserinfo(run: CheckRun): Promise<void> {
  const endpoint = run.endpoint("userinfo_endpoint");
  if (!endpoint) return run.skip("userinfo", "not offered (no userinfo_endpoint): optional");
  const access = run.tokens?.access_token;
  if (typeof access !== "string") return run.skip("userinfo", "no access token (the code exchange did not give one)");
  const answer = await call(run.input, endpoint, {
    headers: { authorization: `Bearer ${access}`, accept: "application/json" },
  });
  const info = answer.json as { sub?: unknown } | undefined;
  const idSub = (() => {
    try {
      return JSON.parse(Buffer.from(String(run.tokens?.id_token).split(".")[1] ?? "", "base64url").toString())
        .sub as unknown;
    } catch {
      return undefined;
    }
  })();
  if (answer.status === 200 && typeof info?.sub === "string" && info.sub === idSub)
    run.pass("userinfo", `200 for the access token, sub ${JSON.stringify(info.sub)} as in the id_token`);
  else
    run.fail("userinfo", `${answer.status}, sub ${JSON.stringify(info?.sub)} (id_token's: ${JSON.stringify(idSub)})`, {
      seen: excerpt(answer.text),
      hint: "UserInfo answers the access token's user: sub, email, given_name, family_name (spec §2.4).",
    });
}
