import { expect, it, vi } from "vitest";
import { loadProvider } from "../oidc";

it("overlapping loads import oidc-provider once and leave console.warn as it was", async () => {
  const original = console.warn;
  const seen = vi.fn();
  console.warn = seen;
  try {
    const [a, b] = await Promise.all([loadProvider(), loadProvider()]);
    expect(a).toBe(b);
    expect(console.warn).toBe(seen);
    console.warn("another warning");
    expect(seen).toHaveBeenCalledWith("another warning");
  } finally {
    console.warn = original;
  }
});
