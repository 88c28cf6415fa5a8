// The keys `pwctl config` accepts, each with its validator. Tokens and webhook secrets are
// not keys: they are set by `auth login` and `webhooks create` only.
import { parseCaFilePath } from '../api/ca-file.js';
import { DEFAULT_MAX_PAGES } from '../api/page-limit.js';
import { UsageError } from '../errors.js';
import { OUTPUT_FORMATS } from '../output/formats.js';
import {
  parseBoolean,
  parseCount,
  parseEnum,
  parseHttpUrl,
  parseId,
  parseTimeoutSeconds,
  requireNonEmpty,
} from '../validate.js';
import type { ProfileData } from './store.js';

export interface ConfigKey {
  name: keyof ProfileData | 'timeout';
  description: string;
  parse(value: string): string | number | boolean;
  /** Values a shell may complete. */
  values?: readonly string[];
}

export const CONFIG_KEYS: readonly ConfigKey[] = [
  {
    name: 'base_url',
    description: 'service root URL (/api/v1 is appended)',
    parse: (v) => parseHttpUrl(v, 'base_url'),
  },
  {
    name: 'output',
    description: 'default output format',
    parse: (v) => parseEnum(v, OUTPUT_FORMATS, 'output'),
    values: OUTPUT_FORMATS,
  },
  {
    name: 'company',
    description: 'default company id for list filters and creates',
    parse: (v) => parseId(v, 'company'),
  },
  { name: 'timeout', description: 'per-request timeout in seconds', parse: (v) => parseTimeoutSeconds(v, 'timeout') },
  {
    name: 'max_pages',
    description: `the most pages one list reads before the command stops, like --max-pages (default ${DEFAULT_MAX_PAGES})`,
    parse: (v) => parseCount(v, 'max_pages'),
  },
  {
    name: 'oauth_authorize_url',
    description: 'OAuth authorization endpoint (default <base_url>/oauth/authorize)',
    parse: (v) => parseHttpUrl(v, 'oauth_authorize_url'),
  },
  {
    name: 'oauth_token_url',
    description: 'OAuth token endpoint (default <base_url>/oauth/token)',
    parse: (v) => parseHttpUrl(v, 'oauth_token_url'),
  },
  { name: 'oauth_client_id', description: 'OAuth client id', parse: (v) => requireNonEmpty(v, 'oauth_client_id') },
  {
    name: 'ca_file',
    description: 'PEM file of extra certificate authorities to trust for TLS, like PWCTL_CA_FILE',
    parse: (v) => parseCaFilePath(v, 'ca_file'),
  },
  {
    name: 'update_feed_url',
    description: 'release feed pwctl asks once a day for a newer version ({"version","url"} JSON); unset: never asks',
    parse: (v) => parseHttpUrl(v, 'update_feed_url'),
  },
  {
    name: 'pager',
    description:
      'pager for long output on a terminal, after PWCTL_PAGER and before PAGER (default less -FRX); "" turns paging off',
    parse: (v) => v,
  },
  {
    name: 'completion_cache',
    description: 'remember ids from list/get output for shell completion (true/false)',
    parse: (v) => parseBoolean(v, 'completion_cache'),
    values: ['true', 'false'],
  },
];

export const CONFIG_KEY_NAMES = CONFIG_KEYS.map((k) => k.name);

export function findConfigKey(name: string): ConfigKey {
  const key = CONFIG_KEYS.find((k) => k.name === name);
  if (key) return key;
  if (name === 'token' || name === 'refresh_token') {
    throw new UsageError(`${name} is not a config key; use \`pwctl auth login --with-token\` to store a token`);
  }
  throw new UsageError(`unknown config key ${JSON.stringify(name)}; valid keys: ${CONFIG_KEY_NAMES.join(', ')}`);
}
