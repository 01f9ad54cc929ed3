import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands } from "@/lib/brands/node";
import { openTestStore, type TestStore } from "@/lib/testing";
import { beginOperatorsRun, checkFromForm, type OperatorsCheck } from "../operators";

/** The operators' runs: the form's fields, one run at a time, and a deadline that always releases the lock. */
let store: TestStore;
let hanging: http.Server;
let issuer: string;
beforeAll(async () => {
  store = await openTestStore("sqlite");
  // A provider that accepts the connection and never answers.
  hanging = http.createServer(() => {});
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
});
afterAll(async () => {
  hanging.closeAllConnections();
  hanging.close();
  await store.drop();
});

const aurora = () => brands().get("aurora")!;
const entered = (fields: Record<string, string> = {}) =>
  new URLSearchParams({
    environment: "staging",
    credentials: "entered",
    issuer: "https://login.partner.example",
    clientId: "aurora-web",
    clientSecret: "s3cret",
    ...fields,
  });

describe("the operators' form", () => {
  it("becomes the validator's input: entered credentials, the brand's redirect URI, the optional parts", async () => {
    const check = await checkFromForm(
      aurora(),
      entered({
        username: "t@example.test",
        password: "pw",
        checkCodeExpiry: "65",
        partnerApiUrl: "https://p.example/api",
        partnerApiKey: "k",
        loginOrigins: "https://id.partner.example/login, https://sso.partner.example",
      }),
    );
    expect(check).toMatchObject({ environment: "staging", configured: false });
    expect(check.input).toMatchObject({
      issuer: "https://login.partner.example",
      clientSecret: "s3cret",
      redirectUri: "http://brand-a.localhost:3000/oauth2/idpresponse",
      user: { username: "t@example.test", password: "pw" },
      codeExpirySeconds: 65,
      partnerApi: { url: "https://p.example/api", key: "k" },
      loginOrigins: ["https://id.partner.example", "https://sso.partner.example"],
    });
  });

  it.each([
    [{ environment: "live" }, "environment"],
    [{ issuer: "" }, "issuer"],
    [{ issuer: "not a url" }, "issuer"],
    [{ username: "someone" }, "password"],
    [{ partnerApiUrl: "https://p.example" }, "partnerApiKey"],
    [{ otherClientId: "b" }, "otherClientSecret"],
    [{ checkCodeExpiry: "0" }, "checkCodeExpiry"],
    [{ loginOrigins: "id.partner.example" }, "loginOrigins"],
    [{ loginOrigins: "javascript:alert(1)" }, "loginOrigins"],
    [{ checkCodeExpiry: "1e3" }, "checkCodeExpiry"],
    [{ clientSecret: "x".repeat(501) }, "clientSecret"],
    [{ surprise: "1" }, "surprise"],
    [{ usernameSelector: "#" }, "usernameSelector"],
    [{ submitSelector: "text=Allow" }, "submitSelector"],
    [{ stepSelectors: "9:submit=button" }, "stepSelectors"],
    [{ stepSelectors: "2:button=#allow" }, "stepSelectors"],
    [{ stepSelectors: "2:submit=xpath=//button" }, "stepSelectors"],
    [{ stepSelectors: "submit=#allow" }, "stepSelectors"],
    [{ credentials: "configured" }, "credentials"],
  ])("%o is refused naming %s", async (fields, field) => {
    await expect(checkFromForm(aurora(), entered(fields))).rejects.toMatchObject({ status: 400, field });
  });
});

describe("the login's selectors per step", () => {
  it("become the validator's input, one STEP:FIELD=CSS a line, in step order", async () => {
    const check = await checkFromForm(
      aurora(),
      entered({ stepSelectors: '3:submit=button:has-text("Share")\r\n\n1:username=#login-id\n1:submit=#next' }),
    );
    expect(check.input.stepSelectors).toEqual([
      { step: 1, username: "#login-id", submit: "#next" },
      { step: 3, submit: 'button:has-text("Share")' },
    ]);
  });

  it("say which line is wrong and why", async () => {
    await expect(
      checkFromForm(aurora(), entered({ stepSelectors: "1:username=#a\n2:submit=form >> button" })),
    ).rejects.toMatchObject({
      status: 400,
      field: "stepSelectors",
      message: expect.stringMatching(
        /^stepSelectors: "2:submit=form >> button": "form >> button" is not a CSS selector/,
      ),
    });
    await expect(checkFromForm(aurora(), entered({ stepSelectors: "12:submit=#a" }))).rejects.toMatchObject({
      message: 'stepSelectors: "12:submit=#a": the step is 1 to 8 (the login driver takes at most 8)',
    });
  });
});

describe("a run", () => {
  it("that does not end within its deadline is stopped with 504, and the next run may start", async () => {
    const check: OperatorsCheck = {
      brand: aurora(),
      environment: "staging",
      configured: false,
      input: { ...(await checkFromForm(aurora(), entered({ issuer }))).input, allowLoopback: true },
    };
    const events: string[] = [];
    const first = (await beginOperatorsRun(store.db, check))((e) => events.push(e.type), 300);
    // One at a time: a second is refused at once, before anything is sent.
    await expect(beginOperatorsRun(store.db, check)).rejects.toMatchObject({ status: 409, code: "CHECK_RUNNING" });
    await expect(first).rejects.toMatchObject({ status: 504, code: "CHECK_TIMEOUT" });
    expect(events).toEqual(["start"]);
    const again = (await beginOperatorsRun(store.db, check))(() => {}, 300);
    await expect(again).rejects.toMatchObject({ code: "CHECK_TIMEOUT" });
  });
});
