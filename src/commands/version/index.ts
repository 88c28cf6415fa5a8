// `pwctl version`: what `pwctl --version` prints, as a command (gh and kubectl have one); its
// name and summary are its entry in ../registry.ts.
import { VERSION } from '../../version.js';
import { bind, verbBody } from '../declare.js';

export const versionVerb = verbBody({
  flags: () => ({}),
  examples: ['pwctl version'],
  effects: { offline: true, prints: 'text' },
});

export const version = bind(versionVerb, async () => ({ run: async (ctx) => ctx.output.raw(`${VERSION}\n`) }));
