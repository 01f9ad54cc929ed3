import fs from "node:fs";
import { idpResponseUris } from "@/lib/auth/node";
import { brands } from "@/lib/brands/node";
import { config, environment } from "@/lib/config";
import { isLoopbackHost } from "@/lib/http/node";
import {
  type SsoCheckInput,
  type StepSelectors,
  CHECK_ITEMS,
  formatReport,
  resultLine,
  runSsoCheck,
  parseStepSelectors,
  selectorsProblem,
  trustLocalCa,
} from "@/lib/sso-check/node";
import { commandLine, usageError } from "./args";
import { signInYourself } from "./sso-check-yourself";

const usage = `Usage: npm run sso:check -- --issuer URL --client-id ID --client-secret SECRET [options]
       npm run sso:check -- --sign-in-yourself --server URL --brand ID [--environment ENV] [options]

Checks a partner's identity provider against the sign-on checklist (spec §4.7, with §2.4, §4.4, §4.5, §5, §7), item
by item, against its real endpoints and pages (headless Chromium for the login page, the session and its cookie).

  --issuer URL               the issuer URL exactly as the partner gives it
  --client-id ID             the client id issued for the brand
  --client-secret SECRET     its secret (or --client-secret-env NAME to read it from the environment)
  --redirect-uri URI         a redirect URI registered for the client (never loaded: the redirect is read)
  --brand ID                 take --redirect-uri from this brand of the registry ({host}/oauth2/idpresponse)
  --username U --password P  a test user at the partner (the browser items need one); --password-env NAME
  --username-selector CSS, --password-selector CSS, --submit-selector CSS   for an unusual login form
  --step-selector STEP:FIELD=CSS   for one step of the login (step 1 is the first page it acts on; FIELD is
                             username, password or submit; a named button is pressed whatever it reads), e.g.
                             --step-selector 2:submit=button.share; repeatable
  --login-origin URL         an origin besides the issuer's where the test user's password may be typed (a login
                             page the partner serves elsewhere); repeatable
  --other-client-id ID --other-client-secret S   a second client (a code issued to another client is refused);
                             --other-client-secret-env NAME
  --check-code-expiry [SECONDS]   opt-in, slow: wait (default 65 s) and check an expired code is refused
  --partner-api URL --partner-api-key KEY   scenario B: the partner authentication API (spec §4.5);
                             --partner-api-key-env NAME
  --ca FILE                  trust a provider whose certificate this local CA signed (the demo's IdP)
  --json                     the report as JSON on stdout (progress stays on stderr)

Sign in yourself (a provider whose login no robot may pass: a second factor, a captcha, a chain of providers):
  --sign-in-yourself         make a one-time link on the running platform and print it; the partner opens it in
                             their own browser and signs in; the command waits and prints the report
  --server URL               the running platform, where its operators' pages answer (e.g. http://localhost:3000)
  --brand ID                 the brand whose registered callback the partner's browser comes back to
  --environment ENV          staging (default) or production: its configured credentials, unless --issuer,
                             --client-id and --client-secret are given; the report is kept under it
  --ops-token-env NAME       the operators' token from this variable (default: OPS_TOKEN)
  (--redirect-uri, one of the brand's; --other-client-id/--other-client-secret; --json, as above)

Secrets given as flags show in the process list and the shell's history: prefer the -env forms.
Production rules apply (https, public addresses only) unless SSO_DEV_ALLOW_LOOPBACK=true, which allows a provider
on this machine. Exit status: 0 no item failed, 1 an item failed, 64 wrong usage.`;

function fromEnv(name: string | undefined): string | undefined {
  return name ? environment()[name] : undefined;
}

async function main(): Promise<number> {
  const { values: v } = commandLine("sso:check", usage, {
    options: {
      issuer: { type: "string" },
      "client-id": { type: "string" },
      "client-secret": { type: "string" },
      "client-secret-env": { type: "string" },
      "redirect-uri": { type: "string" },
      brand: { type: "string" },
      username: { type: "string" },
      password: { type: "string" },
      "password-env": { type: "string" },
      "username-selector": { type: "string" },
      "password-selector": { type: "string" },
      "submit-selector": { type: "string" },
      "step-selector": { type: "string", multiple: true },
      "login-origin": { type: "string", multiple: true },
      "other-client-id": { type: "string" },
      "other-client-secret": { type: "string" },
      "other-client-secret-env": { type: "string" },
      "check-code-expiry": { type: "string" },
      "partner-api": { type: "string" },
      "partner-api-key": { type: "string" },
      "partner-api-key-env": { type: "string" },
      ca: { type: "string" },
      json: { type: "boolean", default: false },
      "sign-in-yourself": { type: "boolean", default: false },
      server: { type: "string" },
      environment: { type: "string" },
      "ops-token-env": { type: "string" },
    },
    args: process.argv
      .slice(2)
      .map((a, i, all) =>
        a === "--check-code-expiry" && (!all[i + 1] || all[i + 1]!.startsWith("--")) ? "--check-code-expiry=65" : a,
      ),
  });
  const secret = v["client-secret"] ?? fromEnv(v["client-secret-env"]);
  const password = v.password ?? fromEnv(v["password-env"]);
  const otherSecret = v["other-client-secret"] ?? fromEnv(v["other-client-secret-env"]);
  const apiKey = v["partner-api-key"] ?? fromEnv(v["partner-api-key-env"]);
  if (v["sign-in-yourself"]) {
    const environment = v.environment ?? "staging";
    if (environment !== "staging" && environment !== "production")
      usageError("sso:check", "--environment: staging or production");
    const entered = [v.issuer, v["client-id"], secret];
    if (!v.server || !v.brand) usageError("sso:check", "--sign-in-yourself needs --server and --brand");
    // The operators' token (and any entered secret) goes to it: over https, but for a platform on this machine.
    const server = URL.canParse(v.server) ? new URL(v.server) : undefined;
    if (!server || !(server.protocol === "https:" || (server.protocol === "http:" && isLoopbackHost(server.hostname))))
      usageError("sso:check", "--server: an https URL (plain http only for a platform on this machine)");
    if (entered.some(Boolean) && !entered.every(Boolean))
      usageError("sso:check", "entered credentials need --issuer, --client-id and --client-secret together");
    const other = v["other-client-id"];
    if (!!other !== !!otherSecret) usageError("sso:check", "--other-client-id with --other-client-secret");
    const token = v["ops-token-env"] ? fromEnv(v["ops-token-env"]) : config().OPS_TOKEN;
    if (!token) usageError("sso:check", `the operators' token: set ${v["ops-token-env"] ?? "OPS_TOKEN"}`);
    return signInYourself({
      server: v.server,
      brand: v.brand,
      token,
      environment,
      entered: v.issuer ? { issuer: v.issuer, clientId: v["client-id"]!, clientSecret: secret! } : undefined,
      redirectUri: v["redirect-uri"],
      otherClient: other && otherSecret ? { clientId: other, clientSecret: otherSecret } : undefined,
      json: v.json,
    });
  }
  let redirectUri = v["redirect-uri"];
  if (!redirectUri && v.brand) {
    const brand = brands().get(v.brand);
    if (!brand) usageError("sso:check", `no brand "${v.brand}" in the registry`);
    redirectUri = idpResponseUris(brand)[0];
  }
  const missing = [
    !v.issuer && "--issuer",
    !v["client-id"] && "--client-id",
    !secret && "--client-secret",
    !redirectUri && "--redirect-uri (or --brand)",
    v.username && !password && "--password",
    v["partner-api"] && !apiKey && "--partner-api-key",
    !!v["other-client-id"] !== !!otherSecret && "--other-client-id with --other-client-secret",
  ].filter(Boolean);
  const badOrigin = v["login-origin"]?.find((o) => !URL.canParse(o) || !/^https?:$/.test(new URL(o).protocol));
  if (badOrigin) usageError("sso:check", `--login-origin: not an http(s) URL: ${badOrigin}`);
  const selectors = {
    username: v["username-selector"],
    password: v["password-selector"],
    submit: v["submit-selector"],
  };
  const badSelector = selectorsProblem(selectors);
  if (badSelector) usageError("sso:check", `--${badSelector.field}-selector: ${badSelector.problem}`);
  let stepSelectors: StepSelectors[] | undefined;
  try {
    stepSelectors = v["step-selector"] && parseStepSelectors(v["step-selector"]);
  } catch (e) {
    usageError("sso:check", `--step-selector ${(e as Error).message}`);
  }
  if (missing.length) usageError("sso:check", `missing: ${missing.join(", ")}`);
  const allowLoopback = config().SSO_DEV_ALLOW_LOOPBACK;
  const expiry = v["check-code-expiry"] === undefined ? undefined : Number(v["check-code-expiry"]);
  if (expiry !== undefined && !(expiry > 0 && expiry <= 600))
    usageError("sso:check", "--check-code-expiry: 1 to 600 seconds");
  const input: SsoCheckInput = {
    issuer: v.issuer!,
    clientId: v["client-id"]!,
    clientSecret: secret!,
    redirectUri: redirectUri!,
    user: v.username ? { username: v.username, password: password! } : undefined,
    selectors,
    stepSelectors,
    loginOrigins: v["login-origin"],
    otherClient:
      v["other-client-id"] && otherSecret ? { clientId: v["other-client-id"], clientSecret: otherSecret } : undefined,
    codeExpirySeconds: expiry,
    partnerApi: v["partner-api"] ? { url: v["partner-api"], key: apiKey! } : undefined,
    production: !allowLoopback,
    allowLoopback,
    trust: v.ca ? await trustLocalCa(v.issuer!, fs.readFileSync(v.ca, "utf8")) : undefined,
  };
  let done = 0;
  const report = await runSsoCheck(input, (r) => {
    done++;
    process.stderr.write(`[${String(done).padStart(2)}/${CHECK_ITEMS.length}] ${resultLine(r)}\n`);
  });
  console.log(v.json ? JSON.stringify(report, null, 2) : `\n${formatReport(report)}`);
  return report.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`sso:check: ${(e as Error).message}`);
    process.exit(1);
  },
);
