// `pwctl version`: what `pwctl --version` prints, as a command (gh and kubectl have one).
import { VERSION } from '../../version.js';
import { bind, verb } from '../declare.js';

export const versionVerb = verb({
  name: 'version',
  summary: 'print the version of pwctl',
  flags: () => ({}),
  examples: ['pwctl version'],
  effects: { offline: true, prints: 'text' },
});

export const version = bind(versionVerb, async () => ({ run: async (ctx) => ctx.output.raw(`${VERSION}\n`) }));
