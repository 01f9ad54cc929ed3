import { describe, expect, it } from "vitest";
import { shownImages } from "../images";
import { SAMPLE_IMAGE_BASE } from "../sample-images";
import { imageSrc } from "../image-src";

describe("the image URLs a page shows", () => {
  it("keeps http(s) images, maps the sample host onto this server's sample images, and nothing else", () => {
    expect(imageSrc("https://cdn.example/a.jpg")).toBe("https://cdn.example/a.jpg");
    expect(imageSrc(`${SAMPLE_IMAGE_BASE}room-1.svg`)).toBe("/sample-images/room-1.svg");
    for (const href of ["javascript:alert(1)", "data:image/svg+xml,<svg/>", "//evil.example/x.png", "/api/health"])
      expect(imageSrc(href)).toBeUndefined();
    // The sample host names a file of public/sample-images, never another path of this server.
    for (const file of ["../api/mcp", "..%2Fapi%2Fx", "w/480/room-1.svg", "room-1.svg?x=1", "ROOM.svg", ""])
      expect(imageSrc(`${SAMPLE_IMAGE_BASE}${file}`)).toBeUndefined();
  });

  it("gives sample images their renditions (a phone picks 480 px), a supplier's image its one URL", () => {
    const [sample, supplier] = shownImages(
      [{ href: `${SAMPLE_IMAGE_BASE}room-1.svg`, hero_image: true }, { href: "https://cdn.example/a.jpg" }],
      "en",
    );
    expect(sample).toMatchObject({
      src: "/sample-images/room-1.svg",
      srcSet:
        "/sample-images/w/480/room-1.svg 480w, /sample-images/w/960/room-1.svg 960w, /sample-images/w/1600/room-1.svg 1600w",
      large: "/sample-images/w/1600/room-1.svg",
    });
    expect(supplier).toMatchObject({ src: "https://cdn.example/a.jpg", large: "https://cdn.example/a.jpg" });
    expect(supplier!.srcSet).toBeUndefined();
  });
});
