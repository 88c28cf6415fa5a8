// The one transient line on a terminal's stderr, built from what the run is doing: a bulk
// run's count, a wait for the rate limit counting down, an interruption under way. Each part
// is set by whoever knows it (bulk-run.ts, the client's wait notices in connect.ts) and the
// line is drawn from all of them, so a rate-limit wait does not wipe out the progress count.
// Only a terminal shows it (IO.status); elsewhere the same events are notices of their own.
import type { IO } from '../io/io.js';

export class StatusLine {
  #progress: string | undefined;
  #resumeAt = 0;
  #interrupting = false;
  #ticker: NodeJS.Timeout | undefined;

  constructor(
    private readonly io: IO,
    private readonly now: () => number = Date.now,
  ) {}

  /** "61/200 completed": the count so far. */
  progress(text: string): void {
    this.#progress = text;
    this.#draw();
  }

  /** The service asked to wait `delayMs`: count down to the end of the longest wait asked for. */
  rateLimited(delayMs: number): void {
    this.#resumeAt = Math.max(this.#resumeAt, this.now() + delayMs);
    this.#draw();
    if (!this.#ticker && this.io.stderrIsTTY) {
      this.#ticker = setInterval(() => this.#draw(), 1000);
      this.#ticker.unref();
    }
  }

  /** Ctrl-C was pressed: nothing new starts, and no wait will be waited out; said at once, on a line of its own. */
  interrupting(): void {
    if (this.#interrupting) return;
    this.#interrupting = true;
    this.#stopTicker();
    this.io.notice('interrupting… (Ctrl-C again to force)');
    this.#draw();
  }

  /** The run is over: remove the line and stop counting. */
  end(): void {
    this.#stopTicker();
    this.#progress = undefined;
    this.#resumeAt = 0;
    this.#interrupting = false;
    this.io.clearStatus();
  }

  /** The line as it reads now; undefined when there is nothing to say. */
  text(): string | undefined {
    const parts: string[] = [];
    if (this.#progress) parts.push(this.#progress);
    const left = this.#resumeAt - this.now();
    if (left > 0 && !this.#interrupting) parts.push(`rate limited, resuming in ${Math.ceil(left / 1000)} s`);
    return parts.length ? parts.join(' · ') : undefined;
  }

  #draw(): void {
    if (this.#resumeAt <= this.now()) this.#stopTicker();
    const text = this.text();
    if (text) this.io.status(text);
    else this.io.clearStatus();
  }

  #stopTicker(): void {
    if (this.#ticker) clearInterval(this.#ticker);
    this.#ticker = undefined;
  }
}
