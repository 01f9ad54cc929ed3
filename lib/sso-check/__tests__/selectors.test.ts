import { describe, expect, it } from "vitest";
import { parseStepSelectors, selectorProblem } from "../selectors";

describe("login-form selectors", () => {
  it.each([
    "#email",
    "form#login button.primary:nth-child(2)",
    'button:has-text("Share")',
    "input[name='u' i]:visible",
  ])("%s is taken", (css) => expect(selectorProblem(css)).toBeUndefined());

  it.each([
    ["#", /is not a CSS selector \(Expected name/],
    ["[name=", /didn't terminate/],
    ["text=Allow", /is not a name; Playwright's text= or xpath= are not taken/],
    ["xpath=//button", /is not a CSS selector/],
    ["form >> button", /is not a CSS selector/],
    ["a,", /is not a CSS selector/],
    ["x".repeat(301), /at most 300 characters/],
  ])("%s is refused, saying why", (css, why) => expect(selectorProblem(css)).toMatch(why));

  it("per step: STEP:FIELD=CSS entries, merged by step and in step order; a wrong one named", () => {
    expect(parseStepSelectors(["2:submit=button.share", " ", "1:username = #id", "1:password=#pw"])).toEqual([
      { step: 1, username: "#id", password: "#pw" },
      { step: 2, submit: "button.share" },
    ]);
    expect(() => parseStepSelectors(["1:submit=#a", "1:submit=#b"])).toThrow(
      '"1:submit=#b": step 1 names its submit twice',
    );
    expect(() => parseStepSelectors(["0:submit=#a"])).toThrow("the step is 1 to 8");
    expect(() => parseStepSelectors(["1:consent=#a"])).toThrow("the field is username, password or submit");
  });
});
