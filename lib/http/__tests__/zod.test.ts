import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors";
import { jsonSchemaOf, parseBody } from "../zod";

const shape = {
  name: z
    .string({ error: "name must be a string" })
    .min(2, "name is too short")
    .regex(/^[a-z]+$/, "name: a-z only"),
  size: z.number({ error: "size must be a number" }).optional(),
};
const schema = z.strictObject(shape, { error: "The body must be a JSON object" });
const rank = (field: string) => Object.keys(shape).indexOf(field);

function refusal(body: unknown): AppError {
  try {
    parseBody(schema, body, rank);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error(`${JSON.stringify(body)} was accepted`);
}

describe("parseBody: a zod failure as the one 400", () => {
  it("returns what the schema parses", () => {
    expect(parseBody(schema, { name: "ab", size: 3 }, rank)).toEqual({ name: "ab", size: 3 });
  });

  it("answers a body that is no object with INVALID_BODY and the schema's message", () => {
    for (const body of [null, [], "x", 3]) {
      const e = refusal(body);
      expect([e.status, e.code, e.message, e.field, e.details]).toEqual([
        400,
        "INVALID_BODY",
        "The body must be a JSON object",
        undefined,
        undefined,
      ]);
    }
  });

  it("names missing, unknown and invalid fields, each field's first problem, unknown fields first", () => {
    const e = refusal({ size: "big", zz: 1, name: "A" });
    expect([e.status, e.code, e.field]).toEqual([400, "UNKNOWN_FIELD", "zz"]);
    expect(e.message).toBe("zz is not a field of this operation (and 2 more problem(s))");
    expect(e.details).toEqual([
      { field: "zz", code: "UNKNOWN_FIELD", message: "zz is not a field of this operation" },
      { field: "name", code: "INVALID_FIELD", message: "name is too short" },
      { field: "size", code: "INVALID_FIELD", message: "size must be a number" },
    ]);
    expect(refusal({}).details).toEqual([{ field: "name", code: "MISSING_FIELD", message: "name must be a string" }]);
  });

  it("gives the JSON Schema of what a client may send, without $schema", () => {
    expect(jsonSchemaOf(schema)).toEqual({
      type: "object",
      properties: {
        name: { type: "string", minLength: 2, pattern: "^[a-z]+$" },
        size: { type: "number" },
      },
      required: ["name"],
      additionalProperties: false,
    });
  });
});
