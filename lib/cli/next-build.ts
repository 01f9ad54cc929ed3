import { spawnSync } from "node:child_process";
import path from "node:path";

const NEXT = path.join("node_modules", "next", "dist", "bin", "next");

/**
 * `next build`, its output on this terminal: run by the commands that serve the built app (the demo, the HTTP
 * benchmarks) once their command line is read, so that `--help` answers without building.
 */
export function buildApp(): void {
  console.log("building the app (next build) …");
  const build = spawnSync(process.execPath, [NEXT, "build"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("next build failed");
}
