import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

/** A secret kept in a file (mode 0600): read, or made once. For `next dev` and the demo, never a deployment. */
export function secretFile(file: string): string {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch {
      // Another process wrote it first: use theirs.
    }
    return fs.readFileSync(file, "utf8").trim();
  }
}
