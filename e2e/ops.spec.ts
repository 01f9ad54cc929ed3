import fs from "node:fs";
import Database from "better-sqlite3";
import path from "node:path";
import { expect, test } from "./fixtures/test";
import { E2E_OPS_TOKEN } from "./seed";
import { BRANDS, IDP, PORT, watchConsole } from "./fixtures/site";

const OPS = `http://127.0.0.1:${PORT}/ops`;

/** A property the second day's export changed (its updated_at moved), read from the two seeded exports. */
function changedHotelId(): string {
  const read = (day: string) =>
    new Map(
      fs
        .readFileSync(path.join(".data", "e2e", day, "hotels.jsonl"), "utf8")
        .split("\n")
        .filter(Boolean)
        .flatMap((line) => {
          try {
            const r = JSON.parse(line) as { id?: string; updated_at?: string };
            return r.id ? [[r.id, r.updated_at] as const] : [];
          } catch {
            return [];
          }
        }),
    );
  const [day1, day2] = [read("day1"), read("day2")];
  const id = [...day2].find(([k, v]) => day1.has(k) && day1.get(k) !== v && /^\d{4}-/.test(v ?? ""))?.[0];
  if (!id) throw new Error("no changed property in the seeded exports");
  return id;
}

test("the status page is closed without the operators' token", async ({ page, request }) => {
  const errors = watchConsole(page);
  await page.goto(OPS);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await expect(page.getByText("Sync runs")).toHaveCount(0);
  await page.getByLabel("Token").fill("not-the-operators-token");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("p[role=alert]")).toHaveText("That token is not right.");
  await expect(page.getByText("Sync runs")).toHaveCount(0);

  for (const url of [OPS, `${OPS}/hotels?id=HTL-0000001`]) {
    // Anonymous: the sign-in page itself (a page like any other, 200, with its form), and none of the content.
    const anonymous = await request.get(url);
    expect(anonymous.status()).toBe(200);
    const html = await anonymous.text();
    expect(html).toMatch(
      /<form[^>]*method="post"[^>]*action="\/ops\/login"|<form[^>]*action="\/ops\/login"[^>]*method="post"/i,
    );
    expect(html).toMatch(/<input[^>]*name="token"[^>]*type="password"|<input[^>]*type="password"[^>]*name="token"/);
    expect(html).not.toContain("Sync runs");
    expect(html).not.toContain("Versions");
    const wrong = await request.get(url, { headers: { authorization: "Bearer wrong-token-wrong-token" } });
    expect(await wrong.text()).toContain("Sign in");
  }
  const bearer = await request.get(OPS, { headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` } });
  expect(await bearer.text()).toContain("Sync runs");
  expect(errors).toEqual([]);
});

test("operators see runs, rejected records, removed properties, partner arrivals and a property's diff", async ({
  page,
  context,
  request,
}) => {
  const errors = watchConsole(page);
  // Two visitors arrive through the partner's signed links with a label (one of them twice): two arrivals. The same
  // link with its signature cut off is not an arrival, only counted.
  const label = `e2e-${Date.now()}`;
  const signedLink = async (anonymousId: string, placeName: string) => {
    const res = await request.post("/v1/nearby-places", {
      headers: { "X-Partner-Key": BRANDS.sakura.key },
      data: {
        placeName,
        label,
        anonymousId,
        currency: "EUR",
        language: "en",
        userCountry: "DE",
        userDevice: "desktop",
      },
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { places: { url: string }[] }).places[0]!.url;
  };
  const first = await signedLink("visitor-1", "Paris");
  for (const url of [first, await signedLink("visitor-2", "Rome"), first]) await page.goto(url);
  const unsigned = new URL(first);
  unsigned.searchParams.delete("sig");
  await page.goto(unsigned.href);

  await page.goto(OPS);
  await page.getByLabel("Token").fill(E2E_OPS_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Status");
  const session = (await context.cookies(OPS)).find((c) => c.name === "ops_session")!;
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/ops" });
  expect(session.value).not.toContain(E2E_OPS_TOKEN);

  // What the seed stored (read from the e2e store itself, not assumed): its runs, newest first, and the rejections
  // of the newest run that rejected any.
  const store = new Database(path.join(".data", "e2e", "hotels.sqlite"), { readonly: true });
  const stored = store.prepare("select id, status from sync_runs order by id desc").all() as {
    id: number;
    status: string;
  }[];
  const rejectedRun = store
    .prepare("select run_id, count(*) as n from rejected_records group by run_id order by run_id desc limit 1")
    .get() as { run_id: number; n: number };
  store.close();
  expect(stored.length).toBeGreaterThan(1);
  expect(rejectedRun.n).toBeGreaterThan(0);
  const runs = page.getByRole("region", { name: "Sync runs" }).locator("tbody tr");
  await expect(runs).toHaveCount(stored.length);
  await expect(runs.first()).toContainText(`#${stored[0]!.id}`);
  await expect(runs.first()).toContainText(stored[0]!.status);
  const rejected = page
    .getByRole("region", { name: new RegExp(`Rejected records of run #${rejectedRun.run_id}`) })
    .locator("tbody tr");
  expect(await rejected.count()).toBe(rejectedRun.n);
  await expect(rejected.first()).toContainText("hotels.jsonl:");
  expect(await page.getByRole("region", { name: "Removed properties" }).locator("tbody tr").count()).toBeGreaterThan(0);
  // Arrivals are written within a second or two of the visit (off the request path): reloaded until they show.
  await expect(async () => {
    await page.reload();
    const arrival = page.getByTestId("arrivals").locator("tr", { hasText: label });
    await expect(arrival).toContainText("sakura", { timeout: 500 });
    await expect(arrival).toContainText("sakura-partner", { timeout: 500 });
    await expect(arrival.locator("td").nth(3)).toHaveText("2", { timeout: 500 });
    await expect(arrival.locator("td").nth(4)).toHaveText("2", { timeout: 500 });
    await expect(page.getByTestId("arrivals-unverified")).toContainText(/sakura [1-9]/, { timeout: 500 });
  }).toPass({ timeout: 15_000 });

  // Each brand's sign-on: the reference IdP in force, silent login on, users in its pool.
  for (const brand of ["aurora", "sakura"]) {
    const row = page.getByTestId("sign-on").locator("tr", { hasText: brand });
    await expect(row.locator("td").nth(1)).toHaveText(`${IDP} (production)`);
    await expect(row.locator("td").nth(2)).toHaveText("on");
    await expect(row.locator("td").nth(3)).toHaveText(/^\d+$/);
  }

  const id = changedHotelId();
  await page.getByLabel("Property id").fill(id);
  await page.getByRole("button", { name: "Show history" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`History of ${id}`);
  await expect(page.getByRole("region", { name: "Versions" }).locator("tbody tr")).toHaveCount(2);
  await expect(page.getByRole("heading", { name: "Changes from v1 to v2" })).toBeVisible();
  const updated = page.getByTestId("diff").locator("tr", { hasText: "updated_at" });
  await expect(updated).toContainText("changed");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  expect(errors).toEqual([]);
});
