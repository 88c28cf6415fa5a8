import type { RunOf } from '../declare.js';
import type { serve } from './index.js';

export const run: RunOf<typeof serve> = async (ctx, opts) => {
  const { serveSandbox } = await import('../../sandbox/serve.js');
  await serveSandbox({
    port: opts.port,
    host: opts.host,
    statePath: opts.state,
    seed: opts.seed,
    rateLimit: opts.rateLimit,
    rateWindowSec: opts.rateWindow,
    extraSteps: opts.extraSteps,
    controlApi: opts.controlApi,
    format: ctx.settings.output,
    stdout: { write: (text) => ctx.io.out(ctx.io.stdoutText(text)) },
    stderr: { write: (text) => ctx.io.error(text) },
  });
};
