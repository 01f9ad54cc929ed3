import { describe, expect, it } from "vitest";
import { fallbackLanguage, localized, localizedHtml, localizedText, safeHtml } from "../html";
import { diffRecords } from "../diff";

describe("supplier HTML", () => {
  it("keeps the allow-listed structure and balances what suppliers leave open", () => {
    expect(safeHtml("<p>One<br>two <strong>bold</strong></p><ul><li>a<li>b")).toBe(
      "<p>One<br />two <strong>bold</strong></p><ul><li>a</li><li>b</li></ul>",
    );
  });

  it("renders scripts, event handlers, styles and javascript: URLs inert", () => {
    const hostile =
      '<p onclick="x()" style="color:red">Hi<script>alert(1)</script><a href="javascript:alert(1)">link</a>' +
      '<img src=x onerror=alert(1)><iframe src="javascript:alert(1)"></iframe><svg onload=alert(1)></svg></p>';
    const out = safeHtml(hostile);
    expect(out).toBe("<p>Hilink</p>");
    expect(out).not.toMatch(/script|onclick|onerror|onload|javascript|style|iframe|svg|img/i);
  });

  it("keeps text escaped", () => {
    expect(safeHtml("5 &lt; 6 &amp; <b>x</b> <unknown>y</unknown>")).toBe("5 &lt; 6 &amp; <b>x</b> y");
  });
});

describe("translation objects", () => {
  const t = { en: "<p>Hello &amp; welcome</p>", de: "<p>Hallo</p>", fr: "  " };

  it("use the visitor's language, then English, then nothing", () => {
    expect(localized(t, "de")).toBe("<p>Hallo</p>");
    expect(localized(t, "fr")).toBe("<p>Hello &amp; welcome</p>"); // blank counts as missing
    expect(localized({ de: "Hallo" }, "ja")).toBeUndefined();
    expect(localized(undefined, "en")).toBeUndefined();
  });

  it('say when English stands in for the visitor\'s language (its element gets lang="en")', () => {
    expect(fallbackLanguage(t, "de")).toBeUndefined();
    expect(fallbackLanguage(t, "fr")).toBe("en"); // whitespace only counts as missing, as in localized
    expect(fallbackLanguage(t, "ja")).toBe("en");
    expect(fallbackLanguage(t, "en")).toBeUndefined();
  });

  it("give plain text for names and captions, and no HTML when only markup is left", () => {
    expect(localizedText(t, "en")).toBe("Hello & welcome");
    // An escaped tag is a tag: dropped like one; a lone "<" is text.
    expect(localizedText({ en: "A<br>B &lt;c&gt; &amp;lt;" }, "en")).toBe("A B <");
    expect(localizedText({ en: "<script>x</script>" }, "en")).toBeUndefined();
    expect(localizedHtml({ en: "<p> </p><br>" }, "en")).toBeUndefined();
    expect(localizedHtml(t, "de")).toBe("<p>Hallo</p>");
  });
});

describe("diffRecords", () => {
  it("lists changed, added and removed fields by path, down into objects and arrays", () => {
    const before = { id: "H1", name: { en: "Old" }, images: [{ href: "a" }, { href: "b" }], legal: { tax_id: "1" } };
    const after = { id: "H1", name: { en: "New", de: "Neu" }, images: [{ href: "a2" }], is_vr: true };
    expect(diffRecords(before, after)).toEqual([
      { path: "name.en", change: "changed", before: "Old", after: "New" },
      { path: "name.de", change: "added", after: "Neu" },
      { path: "images[0].href", change: "changed", before: "a", after: "a2" },
      { path: "images[1]", change: "removed", before: { href: "b" } },
      { path: "is_vr", change: "added", after: true },
      { path: "legal", change: "removed", before: { tax_id: "1" } },
    ]);
  });

  it("finds nothing between equal records and names odd keys readably", () => {
    expect(diffRecords({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toEqual([]);
    expect(diffRecords({ check_in: { "24_hour": true } }, { check_in: { "24_hour": false } })[0]!.path).toBe(
      'check_in["24_hour"]',
    );
    expect(diffRecords({ a: 1 }, { a: "1" })).toEqual([{ path: "a", change: "changed", before: 1, after: "1" }]);
  });
});
