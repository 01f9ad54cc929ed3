/**
 * Failed password checks per e-mail address (the login form and the partner API's /auth/validate share it): after
 * MAX_FAILURES within the window, that address's attempts are refused without checking any password until the
 * window has passed. An attacker can so pause one address's sign-in for a while, not guess its password. Memory is
 * bounded: beyond MAX_KEYS addresses the oldest entries go.
 */
const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60_000;
const MAX_KEYS = 10_000;

export class FailureThrottle {
  private readonly failures = new Map<string, { count: number; since: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private entry(key: string) {
    const e = this.failures.get(key);
    if (e && this.now() - e.since > WINDOW_MS) {
      this.failures.delete(key);
      return undefined;
    }
    return e;
  }

  /** Whether checks for this address are paused; the seconds until they resume. */
  retryAfter(key: string): number | undefined {
    const e = this.entry(key.toLowerCase());
    return e && e.count >= MAX_FAILURES ? Math.ceil((e.since + WINDOW_MS - this.now()) / 1000) : undefined;
  }

  failed(key: string): void {
    const k = key.toLowerCase();
    const e = this.entry(k) ?? { count: 0, since: this.now() };
    e.count++;
    this.failures.delete(k);
    this.failures.set(k, e);
    while (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value!);
  }

  succeeded(key: string): void {
    this.failures.delete(key.toLowerCase());
  }
}
