import { describe, expect, it } from "vitest";
import { imageUrlProblem } from "../image-url";
import { SAMPLE_IMAGE_BASE } from "../sample-images";
import { imageSrc } from "@/lib/hotels";

const production = { allowHttp: false };

describe("supplier image URLs (images[].href)", () => {
  it("accepts https images on public hosts, and the sample images", () => {
    for (const href of [
      "https://cdn.example.com/a.jpg",
      "https://cdn.example.com:443/a.jpg?w=1&deg=90",
      "https://93.184.216.34/a.jpg",
      "https://[2606:2800:220:1:248:1893:25c8:1946]/a.jpg",
      "https://images.supplier.co.uk./a.jpg",
      "https://93.184.216.34.nip.io/a.jpg", // a public address spelled out: no harm
      "https://cdn-999-1-1-1.example.com/a.jpg", // digits that are no address
      `${SAMPLE_IMAGE_BASE}room-1.svg`,
    ])
      expect(imageUrlProblem(href, production), href).toBeUndefined();
  });

  it("refuses what would make a visitor's browser request its own machine or network", () => {
    const refused: Record<string, RegExp> = {
      "http://127.0.0.1:6379/x.png": /https/,
      "https://127.0.0.1/x.png": /own machine/,
      "https://2130706433/x.png": /own machine/, // 127.0.0.1 written as a number
      "https://0x7f.1/x.png": /own machine/,
      "https://[::1]/x.png": /own machine/,
      "https://[::ffff:127.0.0.1]/x.png": /own machine/,
      "https://0.0.0.0/x.png": /own machine/,
      "https://localhost/x.png": /own machine/,
      "https://app.localhost/x.png": /own machine/,
      "https://10.0.0.1/x.png": /private/,
      "https://192.168.1.1/x.png": /private/,
      "https://172.16.5.4/x.png": /private/,
      "https://169.254.169.254/latest/meta-data": /private|metadata/,
      "https://100.64.0.1/x.png": /private|reserved/,
      "https://[fe80::1]/x.png": /private|link-local/,
      "https://[fd00::1]/x.png": /private|reserved/,
      "https://[::ffff:10.0.0.1]/x.png": /private/,
      "https://router/x.png": /single-label/,
      "https://printer.local/x.png": /local network/,
      "https://db.internal/x.png": /local network/,
      "https://nas.home.arpa/x.png": /local network/,
      "https://router.lan/x.png": /local network/,
      "https://printer.home/x.png": /local network/,
      "https://wiki.corp/x.png": /local network/,
      "https://127.0.0.1.nip.io/x.png": /spells out an address/,
      "https://192.168.0.1.xip.io/x.png": /spells out an address/,
      "https://img-10-0-0-1.sslip.io/x.png": /spells out an address/,
      "https://cdn.example.com:8443/x.png": /default port/,
      "https://user:pass@cdn.example.com/x.png": /user name/,
      "ftp://cdn.example.com/x.png": /https/,
      "javascript:alert(1)": /https/,
      "data:image/png;base64,AAAA": /https/,
      "//cdn.example.com/x.png": /absolute URL/,
      "/api/health": /absolute URL/,
    };
    for (const [href, why] of Object.entries(refused)) expect(imageUrlProblem(href, production), href).toMatch(why);
  });

  it("takes http only in development, to public hosts still", () => {
    expect(imageUrlProblem("http://cdn.example.com/a.jpg", production)).toBe("must use https");
    expect(imageUrlProblem("http://cdn.example.com/a.jpg", { allowHttp: true })).toBeUndefined();
    expect(imageUrlProblem("http://127.0.0.1:6379/x.png", { allowHttp: true })).toMatch(/port|own machine/);
    expect(imageUrlProblem("http://127.0.0.1/x.png", { allowHttp: true })).toMatch(/own machine/);
  });

  it("is what pages and the assistant endpoint show: a stored record's refused image never reaches them", () => {
    expect(imageSrc("https://cdn.example.com/a b.jpg")).toBe("https://cdn.example.com/a%20b.jpg");
    for (const href of ["http://127.0.0.1:6379/x.png", "https://192.168.1.1/x.png", "https://localhost/x.png"])
      expect(imageSrc(href), href).toBeUndefined();
  });
});
