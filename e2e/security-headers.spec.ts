import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { loopbackFetch } from "@/lib/http/node";
import { IDP, PORT, site } from "./fixtures/site";

/**
 * The Content-Security-Policy as Chromium applies it (lib/http/security-headers.ts): the pages run with it and
 * report nothing (every browser test checks that through ./fixtures/test.ts), while what it is there to stop is
 * stopped and seen.
 */

/** The nonce of the page's policy and the nonces its scripts were served with (before Chromium hides them). */
async function served(page: Page, url: string) {
  const response = await page.goto(url);
  const policy = (await response!.allHeaders())["content-security-policy"] ?? "";
  const body = await response!.text();
  const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map((m) => /\snonce="([^"]+)"/.exec(m[0])?.[1]);
  return { response: response!, policy, nonce: /'nonce-([^']+)'/.exec(policy)?.[1], scripts };
}

const PAGES = [
  site("aurora"),
  site("sakura", "/search?q=Paris"),
  site("aurora", "/sso-test"),
  site("aurora", "/sso/sign-in-yourself"),
  site("aurora", "/sign-in"),
  site("sakura", "/hotels/NOPE-404"),
  `http://unknown.localhost:${PORT}/`,
  `http://127.0.0.1:${PORT}/ops`,
  `http://127.0.0.1:${PORT}/ops/sso`,
];

test("every page type is served with the policy, its scripts with the response's own nonce, and works", async ({
  page,
}) => {
  const nonces = new Set<string>();
  for (const url of PAGES) {
    const { policy, nonce, scripts } = await served(page, url);
    expect(policy, url).toContain("'strict-dynamic'");
    expect(policy, url).toContain("object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
    expect(nonce, url).toBeTruthy();
    expect(scripts.length, url).toBeGreaterThan(0);
    expect(new Set(scripts), url).toEqual(new Set([nonce]));
    nonces.add(nonce!);
    // Next's scripts ran: the page hydrated (the router is up).
    await expect.poll(() => page.evaluate(() => "next" in window), { message: url }).toBe(true);
  }
  expect(nonces.size).toBe(PAGES.length);
});

test("a brand's forms may go to its partner IdP (sign-in redirects there); the operators' pages only to themselves", async ({
  page,
}) => {
  const { policy } = await served(page, site("sakura", "/search?q=Rome"));
  expect(policy).toMatch(new RegExp(`form-action 'self' ${IDP.replace(/[.:/]/g, "\\$&")}(;|$)`));
  const { policy: ops } = await served(page, `http://127.0.0.1:${PORT}/ops`);
  expect(ops).toMatch(/form-action 'self'(;|$)/);
});

test("markup injected into a page's HTML does not run (inline script, event handler), and is reported", async ({
  page,
  policyViolations,
}) => {
  const url = site("aurora", "/search?q=Paris");
  // The server's answer with an attacker's markup in it, its headers (the policy) as they were.
  await page.route(url, async (route) => {
    const response = await loopbackFetch(url);
    const body = (await response.text()).replace(
      "<body>",
      '<body><script>window.__injected = 1</script><img src="/brands/aurora.svg" onload="window.__injected = 2">',
    );
    const headers = Object.fromEntries(response.headers);
    delete headers["content-length"];
    await route.fulfill({ status: response.status, headers, body });
  });
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect
    .poll(() => policyViolations.map((v) => v.directive).filter((d) => d !== "(console)"))
    .toEqual(expect.arrayContaining(["script-src-elem", "script-src-attr"]));
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  // Next's own scripts still ran (they carry the nonce).
  expect(await page.evaluate(() => "next" in window)).toBe(true);
  policyViolations.length = 0; // provoked on purpose
});

test("no other site can frame a brand page", async ({ page, policyViolations }) => {
  await page.setContent(`<iframe src="${site("aurora")}"></iframe>`);
  await expect.poll(() => policyViolations.some((v) => /frame-ancestors 'none'/.test(v.blocked))).toBe(true);
  await expect(page.frameLocator("iframe").locator("header")).toHaveCount(0);
  policyViolations.length = 0; // provoked on purpose
});
