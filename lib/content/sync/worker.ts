import { Worker } from "node:worker_threads";

/**
 * Starts a worker thread from a module next to the caller. Under TypeScript sources (tsx, vitest) the worker needs
 * tsx's loader registered inside it too: workers do not inherit loader hooks.
 */
/** A small young generation keeps each worker's memory low; batches are short-lived garbage either way. */
const YOUNG = { maxYoungGenerationSizeMb: 16 };

export function startWorker(callerUrl: string, name: string, workerData?: unknown): Worker {
  const ext = /\.(m?[jt]s)$/.exec(new URL(callerUrl).pathname)?.[1] ?? "js";
  const url = new URL(`./${name}.${ext}`, callerUrl);
  return url.pathname.endsWith(".ts")
    ? new Worker(
        `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`,
        { eval: true, resourceLimits: YOUNG, workerData },
      )
    : new Worker(url, { resourceLimits: YOUNG, workerData });
}
