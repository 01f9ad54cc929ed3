import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, STORE_KINDS, type TestStore } from "@/lib/testing";
import { lastSignOut, poolSizes, poolUser, poolUsername, recordSignIn, recordSignOut } from "../user-pool";

describe.each(STORE_KINDS)("the brands' user pools on %s (spec §1.4: each brand has its own pool)", (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store?.drop();
  });

  const ada = {
    providerName: "Northwind",
    sub: "nw-1001",
    email: "ada@example.test",
    given_name: "Ada",
    family_name: "Quill",
  };

  it("spec §2.4: the username is <provider_name>_<sub>", () => {
    expect(poolUsername("Northwind", "nw-1001")).toBe("Northwind_nw-1001");
    expect(poolUsername("Northwind", "a|b@c")).toBe("Northwind_a|b@c");
  });

  it("the first sign-in creates the user; later ones update attributes and the last sign-in, not the first", async () => {
    const first = new Date("2026-11-01T10:00:00Z");
    const later = new Date("2026-11-02T12:00:00Z");
    expect(await recordSignIn(store.db, { brandId: "aurora", ...ada }, first)).toBe("Northwind_nw-1001");
    await recordSignIn(
      store.db,
      { brandId: "aurora", ...ada, email: "ada.q@example.test", family_name: undefined },
      later,
    );
    expect(await poolUser(store.db, "aurora", "Northwind_nw-1001")).toEqual({
      brand_id: "aurora",
      username: "Northwind_nw-1001",
      provider_name: "Northwind",
      sub: "nw-1001",
      email: "ada.q@example.test",
      given_name: "Ada",
      family_name: null,
      first_sign_in_at: first.toISOString(),
      last_sign_in_at: later.toISOString(),
      sign_ins: 2,
      signed_out_at: null,
    });
  });

  it("the same partner user signing into two brands is two users, one per pool", async () => {
    await recordSignIn(store.db, { brandId: "sakura", ...ada });
    const [a, b] = await Promise.all([
      poolUser(store.db, "aurora", "Northwind_nw-1001"),
      poolUser(store.db, "sakura", "Northwind_nw-1001"),
    ]);
    expect(a?.sign_ins).toBe(2);
    expect(b?.sign_ins).toBe(1);
    expect(await poolSizes(store.db)).toEqual({ aurora: 1, sakura: 1 });
  });

  it("a sign-out is kept per user and brand, to the millisecond; signing in again leaves it", async () => {
    expect(await lastSignOut(store.db, "aurora", "Northwind_nw-1001")).toBeUndefined();
    const out = new Date("2026-11-03T08:00:00.123Z");
    await recordSignOut(store.db, "aurora", "Northwind_nw-1001", out);
    await recordSignIn(store.db, { brandId: "aurora", ...ada }, new Date("2026-11-03T09:00:00Z"));
    expect(await lastSignOut(store.db, "aurora", "Northwind_nw-1001")).toBe(out.getTime());
    // The other brand's pool, and users never signed in, are untouched.
    expect(await lastSignOut(store.db, "sakura", "Northwind_nw-1001")).toBeUndefined();
    await recordSignOut(store.db, "aurora", "Northwind_nobody", out);
    expect(await poolUser(store.db, "aurora", "Northwind_nobody")).toBeUndefined();
  });

  it("concurrent first sign-ins of one user make one row", async () => {
    const user = { brandId: "cedar", providerName: "P", sub: "same" };
    await Promise.all(Array.from({ length: 8 }, () => recordSignIn(store.db, user)));
    expect((await poolUser(store.db, "cedar", "P_same"))?.sign_ins).toBe(8);
  });
});
