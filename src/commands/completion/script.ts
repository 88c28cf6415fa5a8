import { COMPLETION_SCRIPTS } from '../../completion/scripts.js';
import type { CompletionShell } from '../../completion/shells.js';
import type { Factory } from '../../factory.js';

/** Print the script verbatim: it is the file committed under completions/, byte for byte. */
export async function run(ctx: Factory, shell: CompletionShell): Promise<void> {
  await ctx.output.raw(COMPLETION_SCRIPTS[shell]);
}
