import { spawnSync } from "node:child_process";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "..";

describe("the logger", () => {
  it("redacts secret-looking fields", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    createLogger({ thread: "test" }, sink as never).info(
      { password: "hunter2", sftp: { passphrase: "pass-9", privateKey: "KEY" }, secret: "s3cret" },
      "settings",
    );
    const line = JSON.parse(lines.join("")) as Record<string, unknown>;
    expect(line).toMatchObject({
      service: "hotel-platform",
      thread: "test",
      password: "[redacted]",
      sftp: { passphrase: "[redacted]", privateKey: "[redacted]" },
      secret: "[redacted]",
    });
  });

  it("redacts a worker thread's log lines as the main thread's", () => {
    const fixture = path.join(import.meta.dirname, "worker-fixture.ts");
    const run = spawnSync(process.execPath, ["--import", "tsx", fixture], {
      encoding: "utf8",
      env: { ...process.env, LOG_LEVEL: "info" },
      timeout: 30_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const line = run.stderr.split("\n").find((l) => l.includes("sftp options"));
    expect(line, run.stderr).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({
      service: "hotel-platform",
      thread: "reader",
      options: { host: "sftp.example", password: "[redacted]", privateKey: "[redacted]" },
    });
    expect(run.stderr).not.toContain("hunter2");
  });
});
