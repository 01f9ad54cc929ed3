import { parentPort } from "node:worker_threads";
import { checkRecords } from "./check";
import { createValidator } from "./validate";

/** Worker thread: parses and validates batches of record texts while the main thread reads and writes. */
const validate = createValidator();
parentPort!.on("message", (msg: { seq: number; texts: string[] }) => {
  parentPort!.postMessage({ seq: msg.seq, results: checkRecords(msg.texts, validate) });
});
