import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestOp, type TestOp } from "@/lib/testing";
import { runSsoCheck } from "../run";

/**
 * One failing item never makes others "could not check": a provider whose token endpoint refuses client_secret_post
 * fails token.post alone, and the id_token and UserInfo items are still checked on the tokens of a
 * client_secret_basic exchange. The test OP (lib/testing/test-op.ts) plays the provider, its user signed in.
 */
const REDIRECT_URI = "http://brand.localhost:3000/oauth2/idpresponse";
const CLIENT = { clientId: "cascade-rp", clientSecret: "cascade-client-secret-01", redirectUris: [REDIRECT_URI] };
let op: TestOp;

beforeAll(async () => {
  op = await startTestOp([CLIENT]);
  op.user = { sub: "u-1", email: "ada@example.test", given_name: "Ada", family_name: "Quill" };
});
afterAll(async () => {
  await op?.stop();
});

describe("the validator when the token endpoint refuses client_secret_post", () => {
  it("fails token.post, and still checks the id_token and UserInfo items on a Basic exchange's tokens", async () => {
    op.misbehave = { basicOnly: true };
    const report = await runSsoCheck({
      issuer: op.issuer,
      clientId: CLIENT.clientId,
      clientSecret: CLIENT.clientSecret,
      redirectUri: REDIRECT_URI,
      user: { username: "ada@example.test", password: "not-asked-for" },
      production: false,
      allowLoopback: true,
    });
    const status = (id: string) => report.results.find((r) => r.id === id)!;
    expect(status("token.post")).toMatchObject({
      status: "fail",
      reason: "client_secret_post: 401 error=invalid_client",
    });
    expect(status("token.post").seen).toMatch(/use the tokens of a client_secret_basic exchange/);
    for (const id of ["id_token.signature", "id_token.iss", "id_token.claims", "id_token.nonce", "id_token.profile"])
      expect(status(id).status, id).toBe("pass");
    expect(status("userinfo").status).toBe("pass");
    expect(status("token.basic").status).toBe("pass");
  });
});
