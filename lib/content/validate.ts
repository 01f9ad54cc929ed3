import fs from "node:fs";
import path from "node:path";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

/** Path of the published record schema (spec §4.3: also offered on the SFTP server at schemas/HotelFtpExport.json). */
export const SCHEMA_PATH = path.join(process.cwd(), "schemas", "HotelFtpExport.json");

export interface RecordError {
  /** JSON pointer of the value at fault ("" is the record itself). */
  pointer: string;
  keyword: string;
  message: string;
}

export type RecordValidator = (record: unknown) => RecordError[] | null;

export function loadSchemaText(file = SCHEMA_PATH): string {
  return fs.readFileSync(file, "utf8");
}

function describe(e: ErrorObject): RecordError {
  let pointer = e.instancePath;
  let message = e.message ?? e.keyword;
  if (e.keyword === "required") pointer = `${pointer}/${String(e.params.missingProperty)}`;
  if (e.keyword === "additionalProperties") {
    pointer = `${pointer}/${String(e.params.additionalProperty)}`;
    message = "is not an allowed key here";
  }
  if (e.keyword === "enum") message = `must be one of ${(e.params.allowedValues as unknown[]).join(", ")}`;
  return { pointer, keyword: e.keyword, message };
}

/** Compiles the draft-07 schema with Ajv + ajv-formats, reporting every error of a record with its JSON pointer. */
export function createValidator(schemaText = loadSchemaText()): RecordValidator {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  const validate: ValidateFunction = ajv.compile(JSON.parse(schemaText) as object);
  return (record) => (validate(record) ? null : (validate.errors ?? []).map(describe));
}
