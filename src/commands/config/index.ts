// Settings of a profile: every verb, declared once.
import { CONFIG_KEYS } from '../../config/keys.js';
import { bind, nounBody, verb } from '../declare.js';
import { raw } from '../flags.js';

const key = raw('<key>', 'a config key', {
  required: true,
  complete: { values: CONFIG_KEYS.map((k) => [k.name, k.description] as const) },
});
const TEXT: { offline: true; prints: 'text' } = { offline: true, prints: 'text' };

export const get = verb({
  name: 'get',
  summary: 'print the stored value of a key',
  flags: () => ({ key }),
  examples: ['pwctl config get base_url'],
  effects: TEXT,
});

export const set = verb({
  name: 'set',
  summary: 'store a value for a key (validated)',
  flags: () => ({
    key,
    value: raw('<value>', 'the value', {
      required: true,
      complete: { byPrevious: Object.fromEntries(CONFIG_KEYS.flatMap((k) => (k.values ? [[k.name, k.values]] : []))) },
    }),
  }),
  examples: ['pwctl config set company 1', 'pwctl config set output json'],
  effects: TEXT,
});

export const unset = verb({
  name: 'unset',
  summary: 'remove a stored value',
  flags: () => ({ key }),
  examples: ['pwctl config unset company'],
  effects: TEXT,
});

export const list = verb({
  name: 'list',
  summary: 'print every stored key of the profile (tokens and secrets are never shown)',
  flags: () => ({}),
  examples: ['pwctl config list', 'pwctl --profile staging config list -o json'],
  effects: { offline: true },
});

export const path = verb({
  name: 'path',
  summary: 'print the path of the config file',
  flags: () => ({}),
  examples: ['pwctl config path'],
  effects: TEXT,
});

export const config = nounBody({
  details: `\nKeys:\n${CONFIG_KEYS.map((k) => `  ${k.name.padEnd(20)}${k.description}`).join('\n')}`,
  examples: ['pwctl config set company 1', 'pwctl config get base_url', 'pwctl config list'],
  commands: [
    bind(get, async () => ({ run: (await import('./config.js')).getKey })),
    bind(set, async () => ({ run: (await import('./config.js')).setKey })),
    bind(unset, async () => ({ run: (await import('./config.js')).unsetKey })),
    bind(list, async () => ({ run: (await import('./config.js')).listKeys })),
    bind(path, async () => ({ run: (await import('./config.js')).printPath })),
  ],
});
