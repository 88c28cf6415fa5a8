// `steps wait <id> --until completed|open`: look at the task until it is in that state, as
// `kubectl wait` does — within the rate limit, a status line on a terminal saying what it waits
// for and how long it has, the task printed when it is there (exit 0). --wait-timeout passing
// first is exit 7 (WaitTimedOut); a task that does not exist, or is deleted meanwhile, is the
// API's 404 (exit 3); Ctrl-C is exit 130.
import { getStep } from '../../api/steps.js';
import type { Step } from '../../api/types.js';
import { InterruptedError, WaitTimedOut } from '../../errors.js';
import { durationText } from '../../output/duration.js';
import { refreshInterval } from '../../output/watch/rate-floor.js';
import { sleep, stopOnSignal } from '../../output/watch/stop.js';
import type { RunOf } from '../declare.js';
import type { wait } from './read-verbs.js';
import { stepStatus, stepView } from './views.js';

const LOOKING = { doing: 'looking', each: 'look' };

export const run: RunOf<typeof wait> = async (ctx, opts) => {
  const view = stepView({});
  ctx.output.checkFields(view);
  const client = await ctx.api();
  const reached = (step: Step) => (opts.until === 'completed' ? step.completed : !step.completed);
  const started = Date.now();
  const deadline = opts.waitTimeout === undefined ? Infinity : started + opts.waitTimeout;
  const stop = stopOnSignal();
  let said: string | undefined;
  try {
    for (;;) {
      const looked = Date.now();
      const step = await stop.unless(getStep(client, opts.id));
      if (step === undefined) throw interrupted(opts.id, opts.until);
      const named = `task ${opts.id} ${JSON.stringify(step.title)}`;
      if (reached(step)) {
        ctx.io.notice(`${named} is ${opts.until} (${stepStatus(step)}), after ${durationText(Date.now() - started)}`);
        await ctx.output.record(step, view);
        return;
      }
      if (Date.now() >= deadline)
        throw new WaitTimedOut(
          `${named} is still ${stepStatus(step)} after ${durationText(opts.waitTimeout!)} (--wait-timeout): it was not ${opts.until}`,
        );
      const { intervalMs, raised } = refreshInterval(opts.interval, 1, client.rateLimit.limit, LOOKING);
      if (raised && raised !== said) ctx.io.notice(raised);
      said = raised;
      ctx.io.status(`waiting for ${named} to be ${opts.until} · ${durationText(Date.now() - started)}`);
      const pause = Math.min(intervalMs - (Date.now() - looked), deadline - Date.now());
      if (!(await stop.unless(sleep(pause)))) throw interrupted(opts.id, opts.until);
    }
  } finally {
    stop.dispose();
    ctx.io.clearStatus();
  }
};

function interrupted(id: number, until: string): InterruptedError {
  return new InterruptedError(`interrupted: stopped waiting for task ${id} to be ${until}`);
}
