import { describe, expect, it } from "vitest";
import { SYNC_ERROR_CODES } from "@/lib/content";
import { AppError, ERROR_CODES, GENERIC_MESSAGE, toErrorBody, type ErrorCode } from "../errors";

describe("the error vocabulary", () => {
  it("gives every HTTP code an error status, and keeps sync-only codes out of it", () => {
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
    const httpCodes = new Set(Object.keys(ERROR_CODES));
    for (const code of SYNC_ERROR_CODES) expect(httpCodes.has(code), code).toBe(false);
  });

  it("answers the statuses clients see today (the tests and docs name these)", () => {
    const seen: [ErrorCode, number][] = [
      ["INVALID_JSON", 400],
      ["MISSING_FIELD", 400],
      ["UNAUTHORIZED", 401],
      ["ADDRESS_NOT_ALLOWED", 403],
      ["UNKNOWN_HOST", 404],
      ["METHOD_NOT_ALLOWED", 405],
      ["PAYLOAD_TOO_LARGE", 413],
      ["UNSUPPORTED_MEDIA_TYPE", 415],
      ["RATE_LIMITED", 429],
      ["IDP_UNAVAILABLE", 502],
    ];
    for (const [code, status] of seen) expect(new AppError({ code, message: "m" }).status, code).toBe(status);
  });

  it("shows an exposed message, field and details", () => {
    const e = new AppError({ code: "INVALID_FIELD", field: "radius", message: "radius must not be negative" });
    expect(toErrorBody(e)).toEqual({
      status: 400,
      body: { error: { code: "INVALID_FIELD", field: "radius", message: "radius must not be negative" } },
    });
  });

  it("never shows the message of an unexposed code or of an unknown error", () => {
    const internal = new AppError({ code: "INTERNAL", message: "connect ECONNREFUSED 10.0.0.5:5432", field: "db" });
    expect(toErrorBody(internal)).toEqual({
      status: 500,
      body: { error: { code: "INTERNAL", message: GENERIC_MESSAGE } },
    });
    expect(toErrorBody(new Error("password=hunter2"))).toEqual({
      status: 500,
      body: { error: { code: "INTERNAL", message: GENERIC_MESSAGE } },
    });
  });
});
