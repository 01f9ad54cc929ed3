import { Worker } from "node:worker_threads";

/**
 * Starts a worker thread from a module next to the caller. Under TypeScript sources (tsx, vitest) the worker needs
 * tsx's loader registered inside it too: workers do not inherit loader hooks.
 */
export function startWorker(callerUrl: string, name: string): Worker {
  const url = new URL(`./${name}${callerUrl.endsWith(".ts") ? ".ts" : ".js"}`, callerUrl);
  return url.pathname.endsWith(".ts")
    ? new Worker(
        `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`,
        { eval: true },
      )
    : new Worker(url);
}
