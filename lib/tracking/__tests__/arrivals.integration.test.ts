import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openTestStore, STORE_KINDS, type TestStore } from "@/lib/testing";
import { placeIdFor } from "@/lib/places";
import { arrivalsByLabel, arrivalsReportQuery, trackArrival, unverifiedArrivals, type ArrivalQuery } from "../arrivals";
import type { ArrivalRecorder } from "../recorder";
import { signTracking } from "../signature";
import { aurora, DAY, sakura, signedQuery, TEST_KEY, testRecorder } from "./helpers";

const T0 = new Date("2031-03-10T09:00:00Z");

describe.each(STORE_KINDS)("click tracking on %s", (kind) => {
  let store: TestStore;
  let recorder: ArrivalRecorder;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await recorder?.stop();
    await store?.drop();
  });
  beforeEach(async () => {
    await recorder?.stop();
    await store.db.deleteFrom("arrivals").execute();
    await store.db.deleteFrom("arrival_unverified_days").execute();
    recorder = testRecorder(store, { now: () => T0 });
  });

  const visit = (query: ArrivalQuery, now = T0) => trackArrival(aurora, query, { key: TEST_KEY, recorder, now });
  const arrivals = () =>
    store.db.selectFrom("arrivals").selectAll().orderBy("day").orderBy("visitor").orderBy("label").execute();

  it("ignores another partner's source and links without one: neither an arrival nor an unverified link", async () => {
    // Sakura's own signed link, and Aurora-signed parameters with Sakura's source, on Aurora's site.
    expect(visit(signedQuery({ label: "mail", anonymousId: "v1" }, sakura))).toBe("ignored");
    const forged = { source: sakura.partner.source, label: "mail", anonymousId: "v1" };
    expect(visit({ ...forged, sig: signTracking(TEST_KEY, aurora.id, forged) })).toBe("ignored");
    expect(visit({})).toBe("ignored");
    expect(visit({ source: "<script>", sig: "x" })).toBe("ignored");
    expect(recorder.stats().pending).toBe(0);
    expect(await recorder.flush()).toMatchObject({ ok: true, arrivals: 0, unverified: 0 });
    expect(await arrivals()).toEqual([]);
    expect(await unverifiedArrivals(store.db, new Date(T0.getTime() - DAY))).toEqual({});
  });

  it("refuses a tampered label, anonymousId or sig and counts it as unverified, never as an arrival", async () => {
    const good = signedQuery({ label: "mail", anonymousId: "v1" });
    const sig = good.sig!;
    const flipped = (sig[0] === "A" ? "B" : "A") + sig.slice(1);
    const tampered: ArrivalQuery[] = [
      { ...good, label: "mail2" },
      { ...good, label: undefined },
      { ...good, anonymousId: "v2" },
      { ...good, anonymousId: undefined },
      { ...good, sig: flipped },
      { ...good, sig: sig.slice(0, -1) },
      { ...good, sig: `${sig}A` },
      { ...good, sig: undefined },
      // Signed for Sakura: the same parameters do not verify on Aurora.
      { ...good, sig: signTracking(TEST_KEY, sakura.id, { source: good.source!, label: "mail", anonymousId: "v1" }) },
    ];
    for (const q of tampered) expect(visit(q), JSON.stringify(q)).toBe("unverified");
    expect(await recorder.flush()).toMatchObject({ ok: true, arrivals: 0, unverified: tampered.length });
    expect(await arrivals()).toEqual([]);
    const since = new Date(T0.getTime() - DAY);
    expect(await unverifiedArrivals(store.db, since)).toEqual({ aurora: tampered.length });
    // Counts add up across flushes (per brand and day).
    visit({ source: aurora.partner.source });
    visit({ source: aurora.partner.source }, new Date(T0.getTime() + DAY));
    await recorder.flush();
    expect(await unverifiedArrivals(store.db, since)).toEqual({ aurora: tampered.length + 2 });
    const days = await store.db.selectFrom("arrival_unverified_days").selectAll().orderBy("day").execute();
    expect(days.map((d) => [d.day, Number(d.count)])).toEqual([
      ["2031-03-10", tampered.length + 1],
      ["2031-03-11", 1],
    ]);
    // The untampered link is an arrival.
    expect(visit(good)).toBe("arrival");
  });

  it("records a verified arrival once per visitor, label and day, and nothing personal", async () => {
    const paris = placeIdFor("country:FR");
    const italy = placeIdFor("country:IT");
    expect(visit(signedQuery({ label: "mail", anonymousId: "v1", placeId: paris }))).toBe("arrival");
    // A second view the same day: the same arrival, in memory and once stored.
    expect(recorder.note({ kind: "ignored" })).toBe("ignored");
    visit(signedQuery({ label: "mail", anonymousId: "v1", placeId: italy }), new Date(T0.getTime() + 60_000));
    expect(recorder.stats().pending).toBe(1);
    expect(await recorder.flush()).toMatchObject({ ok: true, arrivals: 1 });
    visit(signedQuery({ label: "mail", anonymousId: "v1", placeId: italy }), new Date(T0.getTime() + 3_600_000));
    expect(await recorder.flush()).toMatchObject({ ok: true, arrivals: 0 });
    // Another visitor, another label, the next day: each one more.
    visit(signedQuery({ label: "mail", anonymousId: "v2" }));
    visit(signedQuery({ label: "banner", anonymousId: "v1" }));
    visit(signedQuery({ label: "mail", anonymousId: "v1", placeId: italy }), new Date(T0.getTime() + DAY));
    expect(await recorder.flush()).toMatchObject({ ok: true, arrivals: 3 });

    const rows = await arrivals();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({
      day: "2031-03-10",
      brand_id: "aurora",
      source: "aurora-partner",
      label: "banner",
      visitor: "v1",
      place_id: null,
      arrived_at: T0.toISOString(),
    });
    // The day's first arrival is the one kept.
    const first = rows.find((r) => r.day === "2031-03-10" && r.label === "mail" && r.visitor === "v1");
    expect(first).toMatchObject({ place_id: paris, arrived_at: T0.toISOString() });
    expect(rows.find((r) => r.day === "2031-03-11")).toMatchObject({ visitor: "v1", place_id: italy });

    const { rows: report, more } = await arrivalsByLabel(store.db, T0);
    expect(more).toBe(0);
    expect(report).toEqual([
      {
        brand_id: "aurora",
        source: "aurora-partner",
        label: "mail",
        arrivals: 3,
        visitors: 2,
        last_day: "2031-03-11",
      },
      {
        brand_id: "aurora",
        source: "aurora-partner",
        label: "banner",
        arrivals: 1,
        visitors: 1,
        last_day: "2031-03-10",
      },
    ]);
  });

  it("keeps a label with control characters or a malformed place id out of the store, and counts a link without anonymousId once a day", async () => {
    visit(signedQuery({ label: "bad\u0000label", anonymousId: "v1", placeId: "not-an-id" }));
    visit(signedQuery({}));
    visit(signedQuery({}), new Date(T0.getTime() + 60_000));
    await recorder.flush();
    const rows = await arrivals();
    expect(rows.map((r) => [r.label, r.visitor, r.place_id])).toEqual([
      ["", "", null],
      ["", "v1", null],
    ]);
    const { rows: report } = await arrivalsByLabel(store.db, T0);
    expect(report).toEqual([expect.objectContaining({ label: null, arrivals: 2, visitors: 1 })]);
  });

  it("reports the largest rows first, at most the limit, with how many more there are, from the key's index", async () => {
    // Labels l1..l5 with 1..5 visitors each, and one old arrival outside the window.
    for (let l = 1; l <= 5; l++)
      for (let v = 0; v < l; v++) visit(signedQuery({ label: `l${l}`, anonymousId: `v${v}` }));
    visit(signedQuery({ label: "old", anonymousId: "v0" }), new Date(T0.getTime() - 40 * DAY));
    await recorder.flush();

    const since = new Date(T0.getTime() - 30 * DAY);
    const top = await arrivalsByLabel(store.db, since, { limit: 3 });
    expect(top.rows.map((r) => [r.label, r.arrivals])).toEqual([
      ["l5", 5],
      ["l4", 4],
      ["l3", 3],
    ]);
    expect(top.more).toBe(2);
    const all = await arrivalsByLabel(store.db, since);
    expect(all.rows).toHaveLength(5);
    expect(all.more).toBe(0);
    expect((await arrivalsByLabel(store.db, new Date(T0.getTime() - 50 * DAY))).rows).toHaveLength(6);

    // The query reads the arrivals key (day first) and never the table rows.
    if (kind === "sqlite") {
      const query = arrivalsReportQuery(store.db, "2031-02-08", 200).compile();
      const plan = store.sqlite!.prepare(`explain query plan ${query.sql}`).all(...query.parameters) as {
        detail: string;
      }[];
      const details = plan.map((p) => p.detail).join("\n");
      expect(details).toMatch(/SEARCH arrivals USING COVERING INDEX sqlite_autoindex_arrivals_1 \(day>\?\)/);
    } else {
      const plan = await store.db.transaction().execute(async (trx) => {
        // The table is tiny: without this the planner reads it whole, whatever the indexes.
        await sql`set local enable_seqscan = off`.execute(trx);
        return arrivalsReportQuery(trx, "2031-02-08", 200).explain<{ "QUERY PLAN": string }>();
      });
      expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(
        /(Index (Only )?Scan using|Bitmap Index Scan on) arrivals_pk[^\n]*\n\s*Index Cond: \(day >= /,
      );
    }
  });
});
