import { describe, expect, it } from "vitest";
import { createProviderStore } from "../store";

describe("the reference IdP's in-memory store", () => {
  it("keeps at most its cap of entries: the least recently written leave first", async () => {
    const store = createProviderStore(0, 100);
    const interactions = store.adapter("Interaction");
    for (let i = 0; i < 150; i++) await interactions.upsert(`i${i}`, { uid: `i${i}` }, 600);
    expect(await interactions.find("i0")).toBeUndefined();
    expect(await interactions.find("i49")).toBeUndefined();
    expect(await interactions.find("i50")).toEqual({ uid: "i50" });
    expect(await interactions.find("i149")).toEqual({ uid: "i149" });
    // A rewrite counts as recent: a session in use is not the next to go.
    await interactions.upsert("i50", { uid: "i50", again: true }, 600);
    await interactions.upsert("new", { uid: "new" }, 600);
    expect(await interactions.find("i50")).toEqual({ uid: "i50", again: true });
    expect(await interactions.find("i51")).toBeUndefined();
    store.dispose();
  });

  it("forgets an entry when its lifetime is over", async () => {
    const store = createProviderStore(0);
    const codes = store.adapter("AuthorizationCode");
    await codes.upsert("c", { grantId: "g" }, -1);
    expect(await codes.find("c")).toBeUndefined();
    store.dispose();
  });
});
