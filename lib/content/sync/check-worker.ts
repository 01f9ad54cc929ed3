import { parentPort } from "node:worker_threads";
import { checkRecords, unpackRecords, type PackedRecords } from "./check";
import { createValidator } from "../validate";
import { StepClock } from "./thread-times";

/** Worker thread: parses and validates batches of records while the main thread reads and writes. */
const validate = createValidator();
const clock = new StepClock("checker");
parentPort!.on("message", (msg: ({ seq: number } & PackedRecords) | { type: "times" }) => {
  if ("type" in msg) return parentPort!.postMessage({ type: "times", times: clock.report() });
  const records = clock.time("hand-off", () => unpackRecords(msg));
  const results = checkRecords(records, validate, clock);
  clock.time("hand-off", () => parentPort!.postMessage({ seq: msg.seq, results }));
});
