import path from "node:path";

/**
 * A request target's path as Next will route it, however it is spelled: the absolute form a proxy may send
 * ("http://host/x"), percent-encoding, backslashes, dot segments, a trailing slash. What the edge checks (the
 * assistant endpoint's access, the costly routes' limits) must see every spelling that reaches the same route.
 */
export function routedPath(target: string): string {
  let raw = target.split(/[?#]/, 1)[0]!;
  if (/^https?:\/\//i.test(raw)) raw = raw.replace(/^https?:\/\/[^/]*/i, "") || "/";
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw;
  }
  const p = path.posix.normalize(decoded.replace(/\\/g, "/"));
  return p.length > 1 ? p.replace(/\/$/, "") : p;
}
