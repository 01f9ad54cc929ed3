import { toErrorBody } from "./errors";
import { log } from "@/lib/log";

/**
 * A streamed answer of JSON lines (application/x-ndjson): `write` sends an event as it happens; `respond(done)` is
 * the Response, which ends when `done` settles. A failure after the first line cannot change the status any more:
 * it becomes a last {"type":"error"} line. A client that went away stops nothing: the work runs to its end.
 */
export class NdjsonStream {
  private open = true;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly encoder = new TextEncoder();
  private readonly stream = new ReadableStream<Uint8Array>({
    start: (controller) => {
      this.controller = controller;
    },
    cancel: () => {
      this.open = false;
    },
  });

  readonly write = (event: unknown): void => {
    if (!this.open) return;
    try {
      this.controller.enqueue(this.encoder.encode(`${JSON.stringify(event)}\n`));
    } catch {
      this.open = false;
    }
  };

  respond(done: Promise<unknown>): Response {
    done
      .catch((e: unknown) => {
        const { status, body } = toErrorBody(e);
        if (status >= 500) log.error({ err: (e as Error)?.message }, "streamed answer failed");
        this.write({ type: "error", ...body });
      })
      .finally(() => {
        if (this.open) this.controller.close();
        this.open = false;
      });
    return new Response(this.stream, {
      headers: {
        "Content-Type": "application/x-ndjson; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
      },
    });
  }
}
