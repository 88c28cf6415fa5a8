// Fixed-window rate limiting per key (a user, or a client IP for unauthenticated requests).

export interface RateDecision {
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets (≥ 1) when the request is refused; else null. */
  retryAfter: number | null;
}

interface Window {
  startedAt: number;
  count: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowSec: number,
  ) {}

  hit(key: string, nowMs = Date.now()): RateDecision {
    const windowMs = this.windowSec * 1000;
    let window = this.windows.get(key);
    if (!window || nowMs - window.startedAt >= windowMs) {
      if (this.windows.size > 10_000) this.prune(nowMs);
      window = { startedAt: nowMs, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    const remaining = Math.max(0, this.limit - window.count);
    if (window.count <= this.limit) return { limit: this.limit, remaining, retryAfter: null };
    const retryAfter = Math.max(1, Math.ceil((window.startedAt + windowMs - nowMs) / 1000));
    return { limit: this.limit, remaining: 0, retryAfter };
  }

  private prune(nowMs: number): void {
    for (const [key, w] of this.windows) {
      if (nowMs - w.startedAt >= this.windowSec * 1000) this.windows.delete(key);
    }
  }
}
