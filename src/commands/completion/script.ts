import { COMPLETION_SCRIPTS } from '../../completion/scripts.js';
import type { RunOf } from '../declare.js';
import type { completionVerb } from './index.js';

/** Print the script verbatim: it is the file committed under completions/, byte for byte. */
export const run: RunOf<typeof completionVerb> = async (ctx, opts) => {
  await ctx.output.raw(COMPLETION_SCRIPTS[opts.shell]);
};
