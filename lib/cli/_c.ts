import fs from "node:fs";
import { spawnSync } from "node:child_process";
import { startSftpServer } from "@/e2e/fixtures/sftp-server";
const server = await startSftpServer();
const env = { ...process.env, SFTP_PRIVATE_KEY_FILE: server.privateKeyFile, DATABASE_URL: "sqlite:///tmp/c.sqlite", LOG_LEVEL: "info", ...(process.env.X ? { SYNC_THREADS: process.env.X } : {}) };
for (const f of ["/tmp/c.sqlite", "/tmp/c.sqlite-wal", "/tmp/c.sqlite-shm"]) fs.rmSync(f, { force: true });
const cpu = () => fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.split(/\s+/).slice(1, 8).map(Number);
for (const label of ["b", "c"]) {
  const c0 = cpu();
  const r = spawnSync("/usr/bin/time", ["-f", "%e s wall %U user %S sys %M KB", process.execPath, ...(process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []), ".data/cli/sync.mjs", `sftp://root@127.0.0.1:${server.port}/tmp/b/day1`, "--json"], { env, encoding: "utf8" });
  const c1 = cpu();
  const d = c1.map((v, i) => v - c0[i]!);
  const busy = d[0]! + d[1]! + d[2]! + d[4]! + d[5]! + d[6]!;
  const lines = r.stderr.split("\n");
  console.log(label, JSON.parse(r.stdout).durationMs, lines.filter((l) => l.includes("wall")).join(""), `machine busy ${(busy / 100).toFixed(1)} cpu-s, idle ${(d[3]! / 100).toFixed(1)}`);
}
await server.stop();
