import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Failed password checks per e-mail address (the login form and the partner API's /auth/validate share it): after
 * MAX_FAILURES within the window, that address's attempts are refused without checking any password until the
 * window has passed. An attacker can so pause one address's sign-in for a while, not guess its password. Each try is
 * counted before its password is checked, so that guesses sent at once cannot all pass a look taken before any was
 * counted; a right password clears the count. The counts are rate-limiter-flexible's, in memory (the reference IdP is
 * one process), as every other limit here is; expired entries go with their window.
 */
const MAX_FAILURES = 10;
const WINDOW_SECONDS = 15 * 60;

export class FailureThrottle {
  private readonly tries = new RateLimiterMemory({ points: MAX_FAILURES, duration: WINDOW_SECONDS });

  /** Counts a try for this address: undefined when it may be checked, else the seconds until checks resume. */
  async attempt(key: string): Promise<number | undefined> {
    try {
      await this.tries.consume(key.toLowerCase());
      return undefined;
    } catch (e) {
      if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      throw e;
    }
  }

  /** The password was right: the address's failures are forgotten. */
  async succeeded(key: string): Promise<void> {
    await this.tries.delete(key.toLowerCase());
  }
}
