import { parentPort } from "node:worker_threads";
import { checkRecords, unpackRecords } from "./check";
import { createValidator } from "./validate";

/** Worker thread: parses and validates batches of records while the main thread reads and writes. */
const validate = createValidator();
parentPort!.on("message", (msg: { seq: number; bytes: Uint8Array; ends: number[] }) => {
  parentPort!.postMessage({ seq: msg.seq, results: checkRecords(unpackRecords(msg), validate) });
});
