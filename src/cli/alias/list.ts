// `alias list`: the aliases by name, as a table or as records ({name, expansion}) in any format.
import { storedAliases } from '../../aliases/stored.js';
import type { RunOf } from '../../commands/declare.js';
import type { View } from '../../output/view.js';
import type { list } from './index.js';

interface AliasRecord {
  name: string;
  expansion: string;
}

const ALIAS_VIEW: View<AliasRecord> = {
  fields: ['name', 'expansion'],
  columns: [
    { header: 'NAME', value: (r) => r.name },
    { header: 'EXPANSION', value: (r) => r.expansion, fit: 'wrap' },
  ],
};

export const run: RunOf<typeof list> = async (ctx) => {
  const records = Object.entries(storedAliases(ctx.store.read())).map(([name, expansion]) => ({ name, expansion }));
  if (records.length === 0) ctx.io.notice(`no aliases yet; add one: pwctl alias set <name> '<command line>'`);
  await ctx.output.list(records, ALIAS_VIEW);
};
