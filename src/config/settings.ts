// Resolution of every setting, in one place: flag > environment > profile > built-in default.
import { normaliseBaseUrl } from '../api/base-url.js';
import { UsageError } from '../errors.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../output/formats.js';
import { parseBoolean, parseEnum, parseHttpUrl, parseId, parseTimeoutSeconds } from '../validate.js';
import type { ProfileData } from './store.js';

/** Global options as commander parsed them. */
export interface GlobalFlags {
  output?: string;
  fields?: string;
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
  debug?: boolean;
  quiet?: boolean;
  yes?: boolean;
  color?: boolean;
  timeout?: string;
  dryRun?: boolean;
  /** false for --no-pager */
  pager?: boolean;
}

export type TokenSource = 'env' | 'config' | 'sandbox';

export interface Settings {
  profileName: string;
  /** Service root without /api/v1; undefined when nothing configures it. */
  baseUrl: string | undefined;
  token: string | undefined;
  tokenSource: TokenSource | undefined;
  output: OutputFormat;
  company: number | undefined;
  timeoutMs: number;
  debug: boolean;
  sandbox: boolean;
}

export const DEFAULT_PROFILE = 'default';
export const DEFAULT_TIMEOUT_SECONDS = 30;

export function resolveProfileName(flags: GlobalFlags, env: NodeJS.ProcessEnv): string {
  const name = flags.profile ?? nonEmpty(env.PWCTL_PROFILE) ?? DEFAULT_PROFILE;
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(name)) {
    throw new UsageError(
      `${flags.profile !== undefined ? '--profile' : 'PWCTL_PROFILE'} must be a profile name of letters, digits, '.', '_' or '-', got ${JSON.stringify(name)}`,
    );
  }
  return name;
}

export function resolveSettings(flags: GlobalFlags, env: NodeJS.ProcessEnv, profile: ProfileData, profileName: string): Settings {
  const output = pick<OutputFormat>(
    [flags.output, '--output'],
    [env.PWCTL_OUTPUT, 'PWCTL_OUTPUT'],
    [profile.output, `config key output (profile ${profileName})`],
    (v, name) => parseEnum(v, OUTPUT_FORMATS, name),
  ) ?? 'table';

  const rawBase = pick<string>(
    [flags.baseUrl, '--base-url'],
    [env.PWCTL_BASE_URL, 'PWCTL_BASE_URL'],
    [profile.base_url, `config key base_url (profile ${profileName})`],
    (v, name) => parseHttpUrl(v, name),
  );

  const timeoutSeconds = pick<number>(
    [flags.timeout, '--timeout'],
    [env.PWCTL_TIMEOUT, 'PWCTL_TIMEOUT'],
    [profile.timeout === undefined ? undefined : String(profile.timeout), 'config key timeout'],
    (v, name) => parseTimeoutSeconds(v, name),
  ) ?? DEFAULT_TIMEOUT_SECONDS;

  const company = profile.company === undefined ? undefined : parseId(String(profile.company), 'config key company');

  const envToken = nonEmpty(env.PWCTL_TOKEN);
  const sandbox = flags.sandbox === true || envFlag(env.PWCTL_SANDBOX, 'PWCTL_SANDBOX');

  return {
    profileName,
    baseUrl: rawBase === undefined ? undefined : normaliseBaseUrl(rawBase),
    token: envToken ?? profile.token,
    tokenSource: envToken ? 'env' : profile.token ? 'config' : undefined,
    output,
    company,
    timeoutMs: timeoutSeconds * 1000,
    debug: flags.debug === true || envFlag(env.PWCTL_DEBUG, 'PWCTL_DEBUG'),
    sandbox,
  };
}

type Candidate = [value: string | undefined, name: string];

function pick<T>(flag: Candidate, env: Candidate, profile: Candidate, parse: (value: string, name: string) => T): T | undefined {
  // An empty environment variable counts as unset, as shells make them easily; an empty
  // flag value (`--timeout ""`) was typed and is checked like any other.
  if (flag[0] !== undefined) return parse(flag[0], flag[1]);
  for (const [value, name] of [env, profile]) {
    if (value !== undefined && value !== '') return parse(value, name);
  }
  return undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function envFlag(value: string | undefined, name: string): boolean {
  return value === undefined || value === '' ? false : parseBoolean(value, name);
}
