// `alias delete <name>`: forgotten under the store's lock; a name that is not stored is told
// as an unknown profile is (exit 2), with the closest name and the stored ones.
import { removeAlias, storedAliases } from '../../aliases/stored.js';
import type { RunOf } from '../../commands/declare.js';
import { UsageError } from '../../errors.js';
import { didYouMean } from '../../suggest.js';
import type { remove } from './index.js';

export const run: RunOf<typeof remove> = async (ctx, { name }) => {
  const known = await ctx.store.update((data) => {
    const names = Object.keys(storedAliases(data));
    return removeAlias(data, name) ? undefined : names;
  });
  if (known !== undefined)
    throw new UsageError(
      `no alias ${JSON.stringify(name)}${didYouMean(name, known)}; aliases: ${known.join(', ') || 'none'}`,
    );
  ctx.io.notice(`✓ deleted alias ${name}`);
};
