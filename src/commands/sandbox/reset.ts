import type { RunOf } from '../declare.js';
import type { reset } from './index.js';

export const run: RunOf<typeof reset> = async (ctx) => {
  const { resetEmbeddedSandbox } = await import('../../sandbox/embedded.js');
  await resetEmbeddedSandbox(ctx.store.filePath('sandbox-state.json'));
  ctx.io.notice('✓ embedded sandbox reset to the demo data');
};
