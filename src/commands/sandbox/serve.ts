import type { View } from '../../output/view.js';
import type { SandboxReady } from '../../sandbox/serve.js';
import type { RunOf } from '../declare.js';
import type { serve } from './index.js';

const READY_VIEW: View<SandboxReady> = { fields: [], columns: [] };

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
    announce: async (ready, text) => {
      // People get the text with examples; programs the record, as the first of a stream
      // (with -o json, the one JSON line the contract promises: the command goes on running).
      if (ctx.output.tabular) return ctx.io.out(ctx.io.stdoutText(text));
      const out = await ctx.output.stream(READY_VIEW);
      out.write([ready]);
      await out.end();
    },
    stderr: { write: (text) => ctx.io.error(text) },
  });
};
