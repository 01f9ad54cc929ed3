import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addKey, digestOf, findKey, KEY_PATTERN, listKeys, revokeKey } from "../keys";
import { openTestStore, STORE_KINDS, type TestStore, cliEntry } from "@/lib/testing";

/** Partner keys (spec §5 rules 2, 4): issued with partner, use case and ranges; stored as digests; shown once. */
describe.each(STORE_KINDS)("partner keys on %s", (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store?.drop();
  });

  it("issues a key, keeps only its digest, and finds it by the key", async () => {
    const { key, record } = await addKey(store.db, {
      partner: "  Acme Travel ",
      useCase: "Trip planner assistant",
      ipRanges: ["203.0.113.0/24", "2001:DB8::/32", "198.51.100.7"],
      rateLimit: 50,
    });
    expect(key).toMatch(KEY_PATTERN);
    expect(record).toMatchObject({
      id: expect.stringMatching(/^mk_[0-9a-f]{12}$/),
      partner: "Acme Travel",
      ipRanges: ["203.0.113.0/24", "2001:db8::/32", "198.51.100.7/32"],
      rateLimit: 50,
    });
    const rows = await store.db.selectFrom("mcp_keys").selectAll().where("id", "=", record.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows[0]!.digest).toBe(digestOf(key));
    expect(await findKey(store.db, key)).toEqual(record);
    expect(await findKey(store.db, key.slice(0, -1) + (key.endsWith("A") ? "B" : "A"))).toBeNull();
  });

  it("refuses a range it cannot read or with host bits set, naming the field", async () => {
    await expect(addKey(store.db, { partner: "P", useCase: "u", ipRanges: ["203.0.113.5/24"] })).rejects.toMatchObject({
      field: "ipRanges",
      message: expect.stringContaining("did you mean 203.0.113.0/24"),
    });
    await expect(addKey(store.db, { partner: "P", useCase: "u", ipRanges: ["example.com"] })).rejects.toMatchObject({
      field: "ipRanges",
    });
    await expect(addKey(store.db, { partner: "", useCase: "u" })).rejects.toMatchObject({ field: "partner" });
    await expect(addKey(store.db, { partner: "P", useCase: "u", rateLimit: 0 })).rejects.toMatchObject({
      field: "rateLimit",
    });
  });

  it("revokes by id or by key, and lists every key with its state", async () => {
    const a = await addKey(store.db, { partner: "Revoke By Id", useCase: "u" });
    const b = await addKey(store.db, { partner: "Revoke By Key", useCase: "u" });
    expect((await revokeKey(store.db, a.record.id))?.revokedAt).toBeDefined();
    expect((await revokeKey(store.db, b.key))?.revokedAt).toBeDefined();
    expect(await revokeKey(store.db, "mk_000000000000")).toBeUndefined();
    expect((await findKey(store.db, a.key))?.revokedAt).toBeDefined();
    const listed = await listKeys(store.db);
    expect(listed.find((k) => k.id === a.record.id)?.revokedAt).toBeDefined();
    expect(listed.find((k) => k.partner === "Acme Travel")?.revokedAt).toBeUndefined();
  });
});

describe("npm run mcp:keys", () => {
  const run = promisify(execFile);
  let store: TestStore;
  const cli = (...args: string[]) =>
    run(process.execPath, [...cliEntry("mcp-keys"), ...args], {
      env: { ...process.env, DATABASE_URL: store.databaseUrl, LOG_LEVEL: "silent" },
    });
  beforeAll(async () => {
    store = await openTestStore("sqlite");
  });
  afterAll(async () => {
    await store?.drop();
  });

  it("adds (the key shown once), lists (never the key) and revokes", async () => {
    const added = await cli(
      "add",
      "--partner",
      "CLI Partner",
      "--use-case",
      "tests",
      "--ip-range",
      "203.0.113.0/24",
      "--json",
    );
    const { key, id } = JSON.parse(added.stdout) as { key: string; id: string };
    expect(key).toMatch(KEY_PATTERN);
    const listed = await cli("list");
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).toContain("203.0.113.0/24");
    expect(listed.stdout).toMatch(/CLI Partner .*active +tests/);
    expect(listed.stdout).not.toContain(key);
    const revoked = await cli("revoke", id);
    expect(revoked.stdout).toMatch(new RegExp(`Revoked ${id} \\(CLI Partner\\)`));
    expect((await cli("list")).stdout).toMatch(/revoked \d{4}-/);
  });

  it("explains what is wrong with a bad range or a missing argument", async () => {
    const bad = await cli("add", "--partner", "P", "--use-case", "u", "--ip-range", "10.0.0.1/8").catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(bad).toMatchObject({ code: 1, stderr: expect.stringContaining("INVALID_FIELD (ipRanges)") });
    const usage = await cli("add", "--partner", "P").catch((e: { code: number; stderr: string }) => e);
    expect(usage).toMatchObject({
      code: 64,
      stderr: expect.stringContaining("add needs --partner NAME and --use-case"),
    });
    expect((usage as { stderr: string }).stderr).toContain("(--help shows the usage)");
  });
});
