/** The smallest batch buffer: a batch of 500 records of ~4 KB fits, so buffers are rarely grown. */
const MIN_BYTES = 4 << 20;

/**
 * The reader thread's batch buffers, recycled. A SharedArrayBuffer is freed only once every thread that has seen it
 * has garbage-collected its handle, which a thread that allocates little may not do for a long time (thousands of
 * batches pile up): so a fixed number of them circulate, and a batch's buffer comes back when the main thread has
 * written it. Waiting for one is the reader's backpressure.
 */
export class BatchBuffers {
  private readonly buffers: SharedArrayBuffer[] = [];
  private readonly free: number[] = [];
  private released: (() => void) | undefined;

  constructor(private readonly max: number) {}

  /** A buffer of at least `bytes`, by its slot number; waits while all are in use. */
  async take(bytes: number): Promise<number> {
    for (;;) {
      const fits = this.free.findIndex((slot) => this.buffers[slot]!.byteLength >= bytes);
      if (fits >= 0) return this.free.splice(fits, 1)[0]!;
      if (this.buffers.length < this.max || this.free.length) {
        // A new buffer, or a free one too small for this batch (a batch of unusually large records) replaced.
        const slot = this.buffers.length < this.max ? this.buffers.length : this.free.pop()!;
        this.buffers[slot] = new SharedArrayBuffer(Math.max(bytes, MIN_BYTES));
        return slot;
      }
      await new Promise<void>((resolve) => (this.released = resolve));
    }
  }

  buffer(slot: number): SharedArrayBuffer {
    return this.buffers[slot]!;
  }

  release(slot: number): void {
    this.free.push(slot);
    this.released?.();
    this.released = undefined;
  }
}
