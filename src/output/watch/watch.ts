// `--watch [interval]`: a read verb run again and again until Ctrl-C (or SIGTERM, or the
// terminal going away), which ends it with exit 0. On a terminal each refresh is drawn whole on
// the alternate screen (./screen.ts), which is left as it was when the watch ends; into a pipe
// each refresh writes only the records that are new or changed (./changes.ts), as
// `kubectl get --watch` does, so `… --watch -o ndjson | while read …` reacts to changes. A
// refresh starts no sooner than the service's rate limit allows for the requests the last one
// took (./rate-floor.ts). A refresh that fails ends the watch with that failure's exit code,
// after the screen is put back.
import type { IO } from '../../io/io.js';
import { escapeInline } from '../../io/sanitize.js';
import { durationText } from '../duration.js';
import type { Output, RecordStream, Screen } from '../output.js';
import type { View } from '../view.js';
import { RecordChanges } from './changes.js';
import { refreshInterval } from './rate-floor.js';
import { clockTime, ENTER_SCREEN, frameText, LEAVE_SCREEN } from './screen.js';
import { sleep, stopOnSignal } from './stop.js';

export interface Watched<D, R> {
  /** What the header names: `pwctl steps list`. */
  title: string;
  /** One refresh: what it read, and how many requests to the service that took (0: local data). */
  read(): Promise<{ data: D; requests: number }>;
  /** A refresh for a person: drawn as the verb prints it without --watch, on the screen whole. */
  draw(screen: Screen, data: D): Promise<void>;
  /** Into a pipe: the records of a refresh, each written when it is new or has changed. */
  records(data: D): readonly R[];
  view: View<R>;
  /** What a record is known by from one refresh to the next (its id). */
  key(record: R): string | number;
  /** The rate limit the service said (X-RateLimit-Limit), once it has answered. */
  rateLimit?(): number | undefined;
}

/** How refreshes reach the person or the program reading them. */
interface Display<D> {
  show(data: D, header: { every: string; note?: string }): Promise<void>;
  /** True when nothing more can be shown (a pipe's reader went away). */
  readonly gone: boolean;
  end(): Promise<void>;
}

/** Refresh every `intervalMs` (or the rate limit's floor) until a stop signal; resolves then. */
export async function watch<D, R>(output: Output, io: IO, intervalMs: number, watched: Watched<D, R>): Promise<void> {
  const stop = stopOnSignal();
  const display: Display<D> = io.stdoutIsTTY ? onScreen(output, io, watched) : await inPipe(output, io, watched);
  let said: string | undefined;
  try {
    for (;;) {
      const started = Date.now();
      const refresh = await stop.unless(watched.read());
      if (refresh === undefined) return;
      const { intervalMs: every, raised } = refreshInterval(intervalMs, refresh.requests, watched.rateLimit?.());
      if (raised !== said && !io.stdoutIsTTY && raised) io.notice(raised);
      said = raised;
      await display.show(refresh.data, { every: durationText(every), note: raised });
      if (display.gone) return;
      if (!(await stop.unless(sleep(every - (Date.now() - started))))) return;
    }
  } finally {
    stop.dispose();
    await display.end();
  }
}

function onScreen<D, R>(output: Output, io: IO, watched: Watched<D, R>): Display<D> {
  let entered = false;
  return {
    gone: false,
    async show(data, header) {
      const body = await output.drawn((screen) => watched.draw(screen, data));
      const frame = frameText({ ...header, title: watched.title, at: clockTime(new Date()) }, body, {
        columns: io.stdoutColumns,
        rows: io.stdoutRows,
      });
      await io.out(entered ? frame : (`${ENTER_SCREEN}${frame}` as typeof frame));
      entered = true;
    },
    async end() {
      if (entered) await io.out(LEAVE_SCREEN);
    },
  };
}

async function inPipe<D, R>(output: Output, io: IO, watched: Watched<D, R>): Promise<Display<D>> {
  const stream: RecordStream<R> = await output.stream(watched.view);
  const changes = new RecordChanges(watched.key);
  return {
    get gone() {
      return io.stdoutGone;
    },
    async show(data) {
      const { changed, gone } = changes.next(watched.records(data));
      stream.write(changed);
      for (const key of gone) io.notice(`no longer listed: ${escapeInline(String(key))}`);
      await stream.end();
    },
    end: () => stream.end(),
  };
}
