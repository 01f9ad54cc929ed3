import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "..";

/** The first setting a ConfigError names, and its message. */
function refusal(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return `${e.issues[0]!.setting}: ${e.issues[0]!.message}`;
    throw e;
  }
  return "accepted";
}

describe("the sync worker's settings", () => {
  it("checks once a day at 04:00 UTC by default, and takes any cron expression croner reads", () => {
    expect(parseConfig({})).toMatchObject({ SYNC_SCHEDULE: "0 4 * * *", SYNC_TIMEZONE: "UTC", SYNC_STALE_HOURS: 6 });
    expect(parseConfig({ SYNC_SCHEDULE: "*/15 * * * * *", SYNC_TIMEZONE: "Europe/Zurich" })).toMatchObject({
      SYNC_SCHEDULE: "*/15 * * * * *",
      SYNC_TIMEZONE: "Europe/Zurich",
    });
    expect(refusal({ SYNC_SCHEDULE: "daily at four" })).toMatch(/^SYNC_SCHEDULE: /);
    expect(refusal({ SYNC_SCHEDULE: "0 25 * * *" })).toMatch(/^SYNC_SCHEDULE: /);
    expect(refusal({ SYNC_TIMEZONE: "Mars/Olympus" })).toMatch(/^SYNC_TIMEZONE: is not a time zone/);
    expect(refusal({ SYNC_STALE_HOURS: "0" })).toMatch(/^SYNC_STALE_HOURS: /);
  });

  it("posts alerts only over https, or plain http to this machine under the development switch", () => {
    expect(
      parseConfig({ SYNC_ALERT_WEBHOOK_URL: "https://hooks.slack.com/services/T/B/x" }).SYNC_ALERT_WEBHOOK_URL,
    ).toBe("https://hooks.slack.com/services/T/B/x");
    expect(refusal({ SYNC_ALERT_WEBHOOK_URL: "http://hooks.example.com/x" })).toBe(
      "SYNC_ALERT_WEBHOOK_URL: must use https (plain http only to this machine)",
    );
    expect(refusal({ SYNC_ALERT_WEBHOOK_URL: "http://127.0.0.1:9000/hook" })).toMatch(
      /SYNC_ALERT_DEV_ALLOW_LOOPBACK=true/,
    );
    expect(
      refusal({ SYNC_ALERT_WEBHOOK_URL: "http://127.0.0.1:9000/hook", SYNC_ALERT_DEV_ALLOW_LOOPBACK: "true" }),
    ).toBe("accepted");
    expect(refusal({ SYNC_ALERT_WEBHOOK_URL: "ftp://hooks.example.com/x" })).toBe(
      "SYNC_ALERT_WEBHOOK_URL: must use https",
    );
    // A message about the URL never repeats it (its path may be the secret).
    const withCredentials = refusal({ SYNC_ALERT_WEBHOOK_URL: "https://user:hunter2@hooks.example.com/secret" });
    expect(withCredentials).toBe("SYNC_ALERT_WEBHOOK_URL: must not carry credentials");
  });
});
