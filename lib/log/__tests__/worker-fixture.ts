import { isMainThread } from "node:worker_threads";
import { log } from "..";
import { startWorker } from "@/lib/content";

/**
 * Run as a script: starts itself as a worker thread, which logs what a reader thread logs of an SFTP source's options
 * (as lib/content/sync/read-worker.ts does) through lib/log. The test reads the line from this process's stderr.
 */
if (isMainThread) {
  const worker = startWorker(import.meta.url, "worker-fixture");
  worker.on("exit", (code) => process.exit(code));
} else {
  log
    .child({ thread: "reader" })
    .warn({ options: { host: "sftp.example", password: "hunter2", privateKey: "-----BEGIN KEY" } }, "sftp options");
}
