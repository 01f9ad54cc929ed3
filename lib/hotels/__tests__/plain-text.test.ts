import fc from "fast-check";
import sanitizeHtml from "sanitize-html";
import { describe, expect, it } from "vitest";
import { textOnly, textOnlyDeep } from "../plain-text";

/** The tags an HTML reader finds in a text (every tag allowed, each one noted). */
function tagsIn(text: string): string[] {
  const seen: string[] = [];
  sanitizeHtml(text, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      "*": (tagName, attribs) => {
        seen.push(tagName);
        return { tagName, attribs };
      },
    },
  });
  return seen;
}

/** What a markdown or HTML reader could render as markup: a tag, an autolink, an image, a link or its definition. */
const MARKUP = /<[a-z/!?]|!\[|\]\(|\]\[|\]:/i;

/** Strings made of the pieces markup is made of, and the ways suppliers escape it. */
const hostile = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc
    .array(
      fc.constantFrom(
        "<",
        ">",
        "&",
        ";",
        "#",
        "!",
        "[",
        "]",
        "(",
        ")",
        ":",
        "/",
        "?",
        " ",
        "\n",
        "\t",
        "\u0000",
        "\u001b",
        "\u0085",
        "\u202e",
        "\u2028",
        "lt",
        "gt",
        "amp",
        "&lt;",
        "&gt;",
        "&amp;",
        "&#60;",
        "&#x3c;",
        "&#33;",
        "&#91;",
        "&#93;",
        "&#40;",
        "img",
        "script",
        "a",
        "p",
        "br",
        " src=x onerror=alert(1)",
        "https://attacker.test/x.png",
        "<img src=x>",
        "&lt;img src=x onerror=alert(1)&gt;",
        "![n](https://attacker.test/x)",
        "[n]",
        "<!--",
        "-->",
        "<![CDATA[",
        "é",
        "東京",
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join("")),
);

describe("textOnly (supplier text as plain text)", () => {
  it("leaves no markup, whatever it is given: no tag an HTML reader finds, no image, link or autolink", () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const out = textOnly(input);
        expect(out).not.toMatch(MARKUP);
        expect(tagsIn(out)).toEqual([]);
        // Nothing an entity decoder could turn back into markup: reducing again changes nothing.
        expect(textOnly(out)).toBe(out);
        expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      }),
      { numRuns: 5000 },
    );
  });

  it("drops escaped tags and markdown images, keeps links' text", () => {
    expect(textOnly("&lt;img src=x onerror=alert(1)&gt;Hotel Nice")).toBe("Hotel Nice");
    expect(textOnly("&amp;lt;img src=x onerror=alert(1)&amp;gt;Hotel")).toBe("Hotel");
    expect(textOnly("Grand ![n](https://attacker.test/p.png?a=(1)) Hotel")).toBe("Grand Hotel");
    expect(textOnly("![n][ref] Grand")).toBe("Grand");
    expect(textOnly("&#33;[n](https://attacker.test/x)Grand")).toBe("Grand");
    expect(textOnly("Book [here](https://attacker.test/x) now")).toBe("Book here now");
    expect(textOnly("see <https://attacker.test/x> or <a href='https://attacker.test'>this</a>")).toBe("see or this");
    expect(textOnly("![a [b] c](u)")).toBe("! [a [b] c] (u)");
    expect(textOnly("[ref]: https://attacker.test/x.png")).toBe("[ref] : https://attacker.test/x.png");
  });

  it("keeps text readable: paragraphs as lines, entities decoded, comparisons and ampersands kept", () => {
    expect(textOnly("<p>One</p><ul><li>Two<li>Three</ul>Four<br>Five<script>x()</script>")).toBe(
      "One\nTwo\nThree\nFour\nFive",
    );
    expect(textOnly("Caf&eacute; &amp; bar, 5 < 6 > 4, AT&T")).toBe("Café & bar, 5 < 6 > 4, AT&T");
    expect(textOnly("a <b")).toBe("a");
    expect(textOnly("x<y")).toBe("x");
    expect(textOnly("x < y")).toBe("x < y");
    expect(textOnly("  Tab\there \u00a0 and\r\n\r\nthere\u0000\u202e ")).toBe("Tab here and\nthere");
  });

  it("leaves ids and the platform's links as they are", () => {
    for (const s of [
      "H-1_2.3:4~5",
      "http://brand-a.localhost:3000/hotels/H1?lang=en&curr=EUR&source=aurora",
      "https://cdn.example.com/i.jpg?w=1&deg=90&copy=2&lt=3",
      "https://example.com/search?placeId=city%3Afr%3Aparis&rooms=2-5%2C1&sort=name",
    ])
      expect(textOnly(s)).toBe(s);
  });

  it("reduces every string of a value, keys included, and leaves other values", () => {
    expect(
      textOnlyDeep({
        name: "&lt;img src=x&gt;A",
        n: 1,
        b: null,
        list: ["![x](https://attacker.test/)B", true],
        nested: { "<b>k</b>": "[c](https://attacker.test/)" },
      }),
    ).toEqual({ name: "A", n: 1, b: null, list: ["B", true], nested: { k: "c" } });
  });
});
