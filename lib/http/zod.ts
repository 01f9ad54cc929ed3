import { z } from "zod";
import { AppError, type ErrorCode } from "./errors";

/** One problem of a request body, as an error's details list it. */
export interface FieldIssue {
  field: string;
  code: Extract<ErrorCode, "MISSING_FIELD" | "INVALID_FIELD" | "UNKNOWN_FIELD">;
  message: string;
}

/**
 * A JSON body parsed with its zod schema, or the one 400 that names what is wrong. Messages are the schema's own; the
 * codes follow from the body: a problem with a field the body lacks is MISSING_FIELD, a key the schema does not know
 * UNKNOWN_FIELD, anything else INVALID_FIELD, and a body that is no object at all INVALID_BODY. Each field's first
 * problem is kept: unknown fields first, then by `rank` (the position of the field in the schema; ties in the order
 * zod found them), so that the error names the first and details lists them all.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, rank: (field: string) => number): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw bodyError(result.error, body, rank);
}

/**
 * A schema's JSON Schema (2020-12, as OpenAPI 3.1 uses) as a published document holds it: what a client may send
 * (zod's input side: before defaults and transforms), without "$schema".
 */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json: Record<string, unknown> = z.toJSONSchema(schema, { io: "input", target: "draft-2020-12" });
  delete json.$schema;
  return json;
}

function bodyError(error: z.ZodError, body: unknown, rankOf: (field: string) => number): AppError {
  const whole = error.issues.find((i) => i.path.length === 0 && i.code !== "unrecognized_keys");
  if (whole) return new AppError({ code: "INVALID_BODY", message: whole.message });
  const sent = body as Record<string, unknown>;
  const byField = new Map<string, FieldIssue>();
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys)
        byField.set(key, { field: key, code: "UNKNOWN_FIELD", message: `${key} is not a field of this operation` });
      continue;
    }
    const field = String(issue.path[0]);
    if (byField.has(field)) continue;
    const code = sent[field] === undefined ? "MISSING_FIELD" : "INVALID_FIELD";
    byField.set(field, { field, code, message: issue.message });
  }
  const rank = (i: FieldIssue) => (i.code === "UNKNOWN_FIELD" ? -1 : rankOf(i.field));
  const issues = [...byField.values()].sort((a, b) => rank(a) - rank(b));
  const first = issues[0]!;
  return new AppError({
    code: first.code,
    message: issues.length === 1 ? first.message : `${first.message} (and ${issues.length - 1} more problem(s))`,
    field: first.field,
    details: issues,
  });
}
