import { describe, expect, it } from "vitest";
import { parseConfig } from "..";
import { logLevel } from "../log-level";

describe("the server's and the threads' settings", () => {
  it("reads PORT and HOST, with 3000 on 127.0.0.1 by default", () => {
    expect(parseConfig({})).toMatchObject({ PORT: 3000, HOST: "127.0.0.1" });
    expect(parseConfig({ PORT: "8080", HOST: "0.0.0.0" })).toMatchObject({ PORT: 8080, HOST: "0.0.0.0" });
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/PORT: /);
  });

  it("lets requests in progress finish for SHUTDOWN_GRACE_SECONDS on SIGTERM: 10 by default, 0 to 600", () => {
    expect(parseConfig({}).SHUTDOWN_GRACE_SECONDS).toBe(10);
    expect(parseConfig({ SHUTDOWN_GRACE_SECONDS: "0" }).SHUTDOWN_GRACE_SECONDS).toBe(0);
    expect(() => parseConfig({ SHUTDOWN_GRACE_SECONDS: "601" })).toThrow(/SHUTDOWN_GRACE_SECONDS: /);
    expect(() => parseConfig({ SHUTDOWN_GRACE_SECONDS: "soon" })).toThrow(/SHUTDOWN_GRACE_SECONDS: /);
  });

  it("runs the sync in threads as SYNC_THREADS says", () => {
    expect(parseConfig({ SYNC_THREADS: "false" }).syncThreads).toBe(false);
    expect(parseConfig({ SYNC_THREADS: "1" }).syncThreads).toBe(true);
  });

  it("gives the logger its level, and info for a level that is none (the configuration refuses it)", () => {
    expect(logLevel({ LOG_LEVEL: "debug" })).toBe("debug");
    expect(logLevel({})).toBe("info");
    expect(logLevel({ LOG_LEVEL: "loud" })).toBe("info");
    expect(() => parseConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL: /);
  });

  it("reads METRICS_ALLOW as CIDR ranges, each one named when wrong; metrics on unless METRICS_ENABLED says no", () => {
    expect(parseConfig({})).toMatchObject({ METRICS_ENABLED: true, METRICS_ALLOW: [] });
    expect(parseConfig({ METRICS_ENABLED: "false" }).METRICS_ENABLED).toBe(false);
    expect(parseConfig({ METRICS_ALLOW: " 10.1.0.0/16, 2001:DB8::/32 ,192.0.2.7," }).METRICS_ALLOW).toEqual([
      "10.1.0.0/16",
      "2001:db8::/32",
      "192.0.2.7/32",
    ]);
    expect(() => parseConfig({ METRICS_ALLOW: "10.1.0.0/16,prometheus.internal" })).toThrow(
      /METRICS_ALLOW: "prometheus.internal" is not an IPv4 or IPv6 address/,
    );
    expect(() => parseConfig({ METRICS_ALLOW: "10.1.2.3/16" })).toThrow(
      /METRICS_ALLOW: .*did you mean 10\.1\.0\.0\/16/,
    );
  });
});
