import { describe, expect, it } from "vitest";
import { clientAddress, IpAllowlist, loggedAddress, normalizeAddress, parseIpRange } from "../address";

describe("IP ranges", () => {
  it("reads IPv4 and IPv6 CIDR ranges and single addresses, normalised", () => {
    expect(parseIpRange("203.0.113.0/24")).toMatchObject({ cidr: "203.0.113.0/24", family: "ipv4" });
    expect(parseIpRange("2001:DB8:0:0::/32")).toMatchObject({ cidr: "2001:db8::/32", family: "ipv6" });
    expect(parseIpRange("198.51.100.7")).toMatchObject({ cidr: "198.51.100.7/32" });
    expect(parseIpRange("::ffff:198.51.100.7")).toMatchObject({ cidr: "198.51.100.7/32" });
    expect(parseIpRange("2001:db8::1")).toMatchObject({ cidr: "2001:db8::1/128" });
  });

  it("refuses what is not a range, with the reason", () => {
    expect(parseIpRange("203.0.113.5/24")).toBe('"203.0.113.5/24" has host bits set: did you mean 203.0.113.0/24?');
    expect(parseIpRange("2001:db8::1/64")).toMatch(/did you mean 2001:db8::\/64/);
    expect(parseIpRange("1.2.3.4/33")).toMatch(/at most 32/);
    expect(parseIpRange("::/129")).toMatch(/at most 128/);
    expect(parseIpRange("1.2.3.4/x")).toMatch(/must be a number/);
    expect(parseIpRange("example.com")).toMatch(/not an IPv4 or IPv6/);
    expect(parseIpRange("1.2.3.4/8/8")).toMatch(/not an address/);
  });

  it("allows an address inside any range, IPv4 given in its mapped IPv6 form too; nothing for an unknown address", () => {
    const list = new IpAllowlist(["203.0.113.0/24", "2001:db8::/32"]);
    expect(list.allows("203.0.113.200")).toBe(true);
    expect(list.allows("::ffff:203.0.113.200")).toBe(true);
    expect(list.allows("2001:db8:ffff::1")).toBe(true);
    expect(list.allows("203.0.112.255")).toBe(false);
    expect(list.allows("2001:db9::1")).toBe(false);
    expect(list.allows(undefined)).toBe(false);
    expect(list.allows("not-an-address")).toBe(false);
    expect(new IpAllowlist([]).allows(undefined)).toBe(true);
  });
});

describe("the client's address", () => {
  it("is the socket's peer unless proxies are trusted", () => {
    expect(clientAddress("::ffff:127.0.0.1", "203.0.113.9", 0)).toBe("127.0.0.1");
  });

  it("is read from the right of X-Forwarded-For, one entry per trusted hop; a client's own entries are never read", () => {
    expect(clientAddress("127.0.0.1", "6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", "6.6.6.6, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", "203.0.113.9", 3)).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", "[2001:db8::5]", 1)).toBe("2001:db8::5");
    expect(clientAddress("127.0.0.1", "garbage", 1)).toBeUndefined();
  });

  it("is logged only as its network", () => {
    expect(loggedAddress("203.0.113.77")).toBe("203.0.113.0/24");
    expect(loggedAddress("2001:db8:1234:5678::1")).toBe("2001:db8:1234::/48");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80::1");
  });
});
