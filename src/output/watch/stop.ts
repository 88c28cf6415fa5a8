// A stop signal (Ctrl-C, SIGTERM, the terminal going away) as something a loop can wait on:
// whatever it is waiting for (a request, a sleep) gives way to it, and the loop ends as it
// chooses (a watch with exit 0, a wait with 130) instead of the process dying mid-screen.
import { onStopSignals } from '../../stop-signals.js';

export interface StopSignal {
  /** `work`'s result, or undefined once a stop signal came first. */
  unless<T>(work: Promise<T>): Promise<T | undefined>;
  readonly stopped: boolean;
  /** No longer listen (the first signal of each kind was ours; a second ends the process as ever). */
  dispose(): void;
}

export function stopOnSignal(): StopSignal {
  let stopped = false;
  let stop!: () => void;
  const signalled = new Promise<undefined>((resolve) => {
    stop = () => {
      stopped = true;
      resolve(undefined);
    };
  });
  const dispose = onStopSignals(() => stop(), { once: true });
  return {
    unless<T>(work: Promise<T>): Promise<T | undefined> {
      // Work still in flight when the loop ends is let go: its outcome no longer matters.
      work.catch(() => {});
      return Promise.race([work, signalled]);
    },
    get stopped() {
      return stopped;
    },
    dispose,
  };
}

/** Resolves true after `ms`. */
export function sleep(ms: number): Promise<true> {
  return new Promise((resolve) => setTimeout(() => resolve(true), Math.max(0, ms)));
}
