/* eslint-disable @typescript-eslint/no-explicit-any -- these tests mutate the schema's nested JSON */
import { describe, expect, it } from "vitest";
import { compareSchemas } from "../schema-check";
import { loadSchemaText } from "../../validate";

const ours = loadSchemaText();
/** Our schema changed by `edit`, as a server would offer it. */
const changed = (edit: (s: any) => void) => {
  const s = JSON.parse(ours);
  edit(s);
  return JSON.stringify(s);
};
const deposit = (s: any) => s.properties.payment_information.properties.fees.properties.deposit.properties;

describe("comparing the server's schema with ours (spec §9)", () => {
  it("matches itself, reordered and with its annotations reworded", () => {
    expect(compareSchemas(ours, ours)).toEqual({ status: "match" });
    const reworded = changed((s) => {
      s.description = "Reworded.";
      s.title = "A title";
      s.definitions.translation.description = "Reworded too.";
      s.properties.id.examples = ["H1"];
    });
    expect(compareSchemas(ours, reworded)).toEqual({ status: "match" });
  });

  it("refuses a changed pattern under the same $id", () => {
    const result = compareSchemas(
      ours,
      changed((s) => {
        deposit(s).currency.pattern = "^[A-Z]{2}$";
      }),
    );
    expect(result).toMatchObject({
      status: "mismatch",
      differences: ["/properties/payment_information/properties/fees/properties/deposit/properties/currency/pattern"],
      serverVersion: "1",
      ourVersion: "1",
    });
  });

  it("refuses a change to a property named description (a field, not an annotation)", () => {
    const path = "/properties/payment_information/properties/fees/properties/deposit/properties/description";
    expect(
      compareSchemas(
        ours,
        changed((s) => {
          deposit(s).description = { type: "integer" };
        }),
      ),
    ).toMatchObject({ status: "mismatch", differences: [`${path}/$ref`, `${path}/type`] });
    expect(
      compareSchemas(
        ours,
        changed((s) => {
          delete deposit(s).description;
        }),
      ),
    ).toMatchObject({ status: "mismatch", differences: [path] });
  });

  it("compares enum, const and default values whole, names such as title inside them included", () => {
    const ourSchema = JSON.stringify({ type: "object", properties: { kind: { enum: ["title", "description"] } } });
    const theirs = JSON.stringify({ type: "object", properties: { kind: { enum: ["title"] } } });
    expect(compareSchemas(ourSchema, theirs)).toMatchObject({ differences: ["/properties/kind/enum"] });
  });

  it("ignores annotations inside allOf / anyOf lists but not their constraints", () => {
    const a = { anyOf: [{ type: "string", description: "a" }, { type: "null" }] };
    const reworded = { anyOf: [{ type: "string", description: "b" }, { type: "null" }] };
    const constrained = { anyOf: [{ type: "string", maxLength: 3 }, { type: "null" }] };
    expect(compareSchemas(JSON.stringify(a), JSON.stringify(reworded))).toEqual({ status: "match" });
    expect(compareSchemas(JSON.stringify(a), JSON.stringify(constrained))).toMatchObject({
      differences: ["/anyOf/0/maxLength"],
    });
  });
});
