// `alias set <name> <expansion>`: checked whole before the store is touched, then stored under
// the store's lock (another process setting another alias at the same moment keeps its own).
import { findAlias, putAlias } from '../../aliases/stored.js';
import type { RunOf } from '../../commands/declare.js';
import { readInput } from '../../commands/read-input.js';
import { UsageError } from '../../errors.js';
import { checkExpansion, refuseCommandName } from './check.js';
import type { set } from './index.js';

export const run: RunOf<typeof set> = async (ctx, { name, expansion, clobber }) => {
  refuseCommandName(name);
  const text = expansion === '-' ? (await readInput(ctx, '-', '<expansion>')).trim() : expansion.trim();
  await checkExpansion(text);
  const replaced = await ctx.store.update((data) => {
    const before = findAlias(data, name);
    if (before !== undefined && !clobber && before !== text)
      throw new UsageError(`alias ${name} already exists (${JSON.stringify(before)}); add --clobber to replace it`);
    putAlias(data, name, text);
    return before;
  });
  ctx.io.notice(`✓ ${replaced === undefined ? 'added' : 'replaced'} alias ${name}: pwctl ${name} runs pwctl ${text}`);
};
