import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, STORE_KINDS, type TestStore } from "@/lib/testing";
import { insertRun, loadRun, openRuns, random, updateRun, type SelfSignRun } from "../self-sign-runs";

/**
 * "Sign in yourself" runs in the store, on both stores (several instances share PostgreSQL): a run reads back as it
 * was written, only its brand finds it, and of two requests acting on one state at once (two Start presses, two
 * callbacks of one round trip, a callback and the expiry) exactly one acts.
 */
function run(over: Partial<SelfSignRun> = {}): SelfSignRun {
  return {
    id: random(),
    brandId: "aurora",
    environment: "staging",
    configured: true,
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    status: "waiting",
    browser: null,
    pendingState: null,
    data: {
      input: {
        issuer: "https://login.partner.example",
        clientId: "aurora-stg",
        redirectUri: "https://brand-a.example/oauth2/idpresponse",
        production: true,
        allowLoopback: false,
      },
      discovery: { issuer: "https://login.partner.example" },
      keys: [],
      results: [{ id: "discovery.json", status: "pass", reason: "200, a JSON object", ms: 12 }],
      refused: [],
      plan: ["sign-in", "silent", "code", "code"],
      answered: 0,
      answeredStates: [],
    },
    sealed: "sealed-secrets",
    reportId: null,
    ...over,
  };
}

describe.each(STORE_KINDS)("sign-in-yourself runs on %s", (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store?.drop();
  });

  it("reads a run back as written, for its brand only", async () => {
    const written = run();
    await insertRun(store.db, written);
    expect(await loadRun(store.db, "aurora", written.id)).toEqual(written);
    expect(await loadRun(store.db, "sakura", written.id)).toBeUndefined();
    expect(await loadRun(store.db, "aurora", "not-a-run-id")).toBeUndefined();
  });

  it("lets one of two simultaneous Start presses, and one of two callbacks of a round trip, act", async () => {
    const written = run();
    await insertRun(store.db, written);
    const starts = await Promise.all(
      ["a", "b"].map((browser) =>
        updateRun(store.db, written, { status: "waiting" }, { status: "started", browser, pendingState: "s1" }),
      ),
    );
    expect(starts.filter(Boolean)).toHaveLength(1);
    const callbacks = await Promise.all(
      [1, 2].map(() => updateRun(store.db, written, { status: "started", pendingState: "s1" }, { pendingState: null })),
    );
    expect(callbacks.filter(Boolean)).toHaveLength(1);
    // A callback for a state the run no longer waits for changes nothing.
    expect(await updateRun(store.db, written, { status: "started", pendingState: "s0" }, { status: "done" })).toBe(
      false,
    );
    const now = await loadRun(store.db, "aurora", written.id);
    expect(now).toMatchObject({ status: "started", pendingState: null });
    expect(["a", "b"]).toContain(now!.browser);
  });

  it("counts a brand's open runs: waiting or started, not yet expired", async () => {
    const before = await openRuns(store.db, "cedar");
    await insertRun(store.db, run({ brandId: "cedar" }));
    await insertRun(store.db, run({ brandId: "cedar", status: "started" }));
    await insertRun(store.db, run({ brandId: "cedar", status: "done" }));
    await insertRun(store.db, run({ brandId: "cedar", expiresAt: new Date(Date.now() - 1000).toISOString() }));
    expect((await openRuns(store.db, "cedar")) - before).toBe(2);
  });
});
