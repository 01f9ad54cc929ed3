import { describe, expect, it } from "vitest";
import { droppedCookies } from "../cookie-drops";

/** A cookie as the browser keeps it (only the name matters here). */
// What the browser kept, as droppedCookies reads it (Playwright's cookie: only the name matters here).
const kept = (name: string) => ({ name }) as Parameters<typeof droppedCookies>[1][number];
const sent = (url: string, ...headers: string[]) => headers.map((header) => ({ url, header }));

describe("the provider's cookies a browser refused", () => {
  it("are named with the attribute that made the browser refuse them, the value masked", () => {
    const dropped = droppedCookies(
      [
        ...sent("http://127.0.0.1:8080/login", "op=s3cret-value; Path=/; SameSite=None"),
        ...sent("https://id.partner.example/login", "dom=v; Domain=other.example; Secure; SameSite=None"),
        ...sent("http://id.partner.example/login", "sec=v; Secure; SameSite=None"),
        ...sent("https://id.partner.example/login", "__Host-s=v; Secure; Path=/app", "__Secure-t=v; Path=/"),
      ],
      [],
    );
    expect(dropped.map((d) => [d.name, d.why])).toEqual([
      ["op", "SameSite=None without Secure: browsers refuse such a cookie"],
      ["dom", "Domain=other.example, which does not match the host id.partner.example that set it: browsers refuse it"],
      ["sec", "Secure set by a plain-http answer: browsers refuse it"],
      ["__Host-s", "a __Host- cookie needs Secure, Path=/ and no Domain: browsers refuse it otherwise"],
      ["__Secure-t", "a __Secure- cookie without Secure: browsers refuse it"],
    ]);
    expect(dropped[0]!.header).toBe("op=…; Path=/; SameSite=None");
  });

  it("are not those the browser kept, those a later answer deleted, nor those with sound attributes", () => {
    expect(
      droppedCookies(
        [
          ...sent("https://id.partner.example/", "kept=v; SameSite=None"),
          ...sent("https://id.partner.example/", "gone=; Max-Age=0; SameSite=None"),
          ...sent("https://id.partner.example/", "pending=v; Path=/; SameSite=Lax"),
          ...sent("https://login.partner.example/", "parent=v; Domain=partner.example; Secure; SameSite=None"),
          ...sent("http://127.0.0.1:8080/", "local=v; Secure; SameSite=None"),
        ],
        [kept("kept")],
      ),
    ).toEqual([]);
  });
});
