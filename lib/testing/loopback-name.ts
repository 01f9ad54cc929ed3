import fs from "node:fs";

/** A name other than localhost that this machine resolves to loopback (its own host names in /etc/hosts). */
export const loopbackName = fs
  .readFileSync("/etc/hosts", "utf8")
  .split("\n")
  .map((l) => l.replace(/#.*/, "").trim().split(/\s+/))
  .find(([ip, ...names]) => ip?.startsWith("127.") && names.some((n) => n && !/localhost/.test(n)))
  ?.find((n, i) => i > 0 && !/localhost/.test(n));
