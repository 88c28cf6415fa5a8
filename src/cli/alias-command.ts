// `pwctl alias`'s head: its name and summary, all `pwctl --help` needs; the rest is declared
// in ./alias/index.ts, loaded only when a command line names it.
import { lazyNoun } from '../commands/declare.js';

export const aliasCommand = lazyNoun(
  { name: 'alias', summary: 'words of your own for pwctl command lines: set, list, delete' },
  async () => (await import('./alias/index.js')).alias,
);
