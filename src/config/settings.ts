// Resolution of every setting, in one place: flag > environment > profile > built-in default.
import { resolve } from 'node:path';
import { normaliseBaseUrl } from '../api/base-url.js';
import type { CaFile } from '../api/ca-file.js';
import { DEFAULT_MAX_PAGES } from '../api/page-limit.js';
import { DEFAULT_MAX_RESPONSE_BYTES, MAX_RESPONSE_BYTES_CEILING } from '../api/response-limit.js';
import { everyChar, isLetterOrDigit, isNameChar } from '../chars.js';
import { UsageError } from '../errors.js';
import {
  DEFAULT_OUTPUT_FORMAT,
  JQ_DEFAULT_FORMAT,
  JQ_FORMATS,
  OUTPUT_FORMATS,
  type OutputFormat,
} from '../output/formats.js';
import {
  parseBoolean,
  parseCount,
  parseEnum,
  parseHttpUrl,
  parseId,
  parseTimeoutSeconds,
  parseWholeNumber,
} from '../validate.js';
import { didYouMean } from '../suggest.js';
import type { ProfileData } from './store.js';

/** Global options as commander parsed them. */
export interface GlobalFlags {
  output?: string;
  fields?: string;
  profile?: string;
  baseUrl?: string;
  sandbox?: boolean;
  debug?: boolean;
  /** --debug=api (program.ts turns it into --debug --debug-api). */
  debugApi?: boolean;
  quiet?: boolean;
  yes?: boolean;
  color?: boolean;
  timeout?: string;
  dryRun?: boolean;
  jq?: string;
  /** false for --no-pager */
  pager?: boolean;
  /** --csv-raw: CSV cells that start a formula are written unchanged. */
  csvRaw?: boolean;
  /** false for --no-input */
  input?: boolean;
  maxPages?: string;
}

/** Where the token of a run comes from: PWCTL_TOKEN, the OS keyring, the config file, or the embedded sandbox. */
export type TokenSource = 'env' | 'keyring' | 'file' | 'sandbox';

export interface Settings {
  profileName: string;
  /** Service root without /api/v1; undefined when nothing configures it. */
  baseUrl: string | undefined;
  /** Where baseUrl came from: `--base-url`, `PWCTL_BASE_URL` or `config key base_url (profile <name>)`. */
  baseUrlSource: string | undefined;
  /**
   * The token when it is known without loading anything: PWCTL_TOKEN, or a token kept in
   * the config file. A token in the OS keyring is read only by the commands that need it
   * (src/auth/stored-credentials.ts); then this is undefined and tokenSource is 'keyring'.
   */
  token: string | undefined;
  tokenSource: TokenSource | undefined;
  output: OutputFormat;
  company: number | undefined;
  /** The deadline for each exchange with the service, connection to the answer's last byte. */
  timeoutMs: number;
  /** PWCTL_MAX_WAIT: how long Retry-After waits may take, one and all together (undefined: the retry policy's defaults). */
  maxWaitSeconds: number | undefined;
  /** PWCTL_MAX_RESPONSE_BYTES: the largest answer accepted. */
  maxResponseBytes: number;
  /** The most pages one list reads (--max-pages, PWCTL_MAX_PAGES, config key max_pages). */
  maxPages: number;
  debug: boolean;
  /** --debug=api or PWCTL_DEBUG=api: the trace shows request and response bodies too. */
  debugBodies: boolean;
  sandbox: boolean;
  /** Extra certificate authorities: PWCTL_CA_FILE, else the profile's ca_file (read when a client is built). */
  caFile: CaFile | undefined;
}

export const DEFAULT_PROFILE = 'default';
/** The longest profile name: it names a directory of the id cache. */
const MAX_PROFILE_NAME = 64;
export const DEFAULT_TIMEOUT_SECONDS = 30;
/** The most PWCTL_MAX_WAIT may ask: a day. */
const MAX_WAIT_CEILING_SECONDS = 86_400;

/** --profile, else PWCTL_PROFILE, else the default chosen with `auth switch`, else "default". */
export function resolveProfileName(flags: GlobalFlags, env: NodeJS.ProcessEnv, storedDefault?: string): string {
  const [name, source] =
    flags.profile !== undefined
      ? [flags.profile, '--profile']
      : nonEmpty(env.PWCTL_PROFILE) !== undefined
        ? [env.PWCTL_PROFILE!, 'PWCTL_PROFILE']
        : storedDefault !== undefined
          ? [storedDefault, "the config file's default_profile"]
          : [DEFAULT_PROFILE, ''];
  return checkProfileName(name, source);
}

export function checkProfileName(name: string, source: string): string {
  // A letter or digit, then letters, digits, '.', '_' or '-'.
  if (name.length > MAX_PROFILE_NAME || !isLetterOrDigit(name.charCodeAt(0)) || !everyChar(name, isNameChar, 1)) {
    throw new UsageError(
      `${source} must be a profile name of letters, digits, '.', '_' or '-', got ${JSON.stringify(name)}`,
    );
  }
  return name;
}

/**
 * A profile name that is not stored (`--profile stagin`, `auth switch stagin`), told the same
 * way wherever it is typed: the closest stored name, every stored name, and how to create it.
 */
export function unknownProfile(name: string, stored: readonly string[]): UsageError {
  const sorted = [...stored].sort();
  return new UsageError(
    `no stored profile ${JSON.stringify(name)}${didYouMean(name, sorted)}; stored profiles: ${sorted.join(', ') || 'none'} (\`pwctl auth login --profile ${name} --base-url <url>\` creates it)`,
  );
}

export function resolveSettings(
  flags: GlobalFlags,
  env: NodeJS.ProcessEnv,
  profile: ProfileData,
  profileName: string,
): Settings {
  const output =
    flags.jq !== undefined
      ? jqOutput(flags.output)
      : (pick<OutputFormat>(
          [flags.output, '--output'],
          [env.PWCTL_OUTPUT, 'PWCTL_OUTPUT'],
          [profile.output, `config key output (profile ${profileName})`],
          (v, name) => parseEnum(v, OUTPUT_FORMATS, name),
        ) ?? DEFAULT_OUTPUT_FORMAT);

  const base = pick<{ url: string; source: string }>(
    [flags.baseUrl, '--base-url'],
    [env.PWCTL_BASE_URL, 'PWCTL_BASE_URL'],
    [profile.base_url, `config key base_url (profile ${profileName})`],
    (v, source) => ({ url: normaliseBaseUrl(parseHttpUrl(v, source)), source }),
  );

  const timeoutSeconds =
    pick<number>(
      [flags.timeout, '--timeout'],
      [env.PWCTL_TIMEOUT, 'PWCTL_TIMEOUT'],
      [profile.timeout === undefined ? undefined : String(profile.timeout), 'config key timeout'],
      (v, name) => parseTimeoutSeconds(v, name),
    ) ?? DEFAULT_TIMEOUT_SECONDS;

  const maxPages =
    pick<number>(
      [flags.maxPages, '--max-pages'],
      [env.PWCTL_MAX_PAGES, 'PWCTL_MAX_PAGES'],
      [
        profile.max_pages === undefined ? undefined : String(profile.max_pages),
        `config key max_pages (profile ${profileName})`,
      ],
      (v, name) => parseCount(v, name),
    ) ?? DEFAULT_MAX_PAGES;

  const company = profile.company === undefined ? undefined : parseId(String(profile.company), 'config key company');

  const caFile = pick<CaFile>(
    [undefined, ''],
    [env.PWCTL_CA_FILE, 'PWCTL_CA_FILE'],
    [profile.ca_file, `config key ca_file (profile ${profileName})`],
    (v, source) => ({ path: resolve(v), source }),
  );

  const envToken = nonEmpty(env.PWCTL_TOKEN);
  const sandbox = flags.sandbox === true || envFlag(env.PWCTL_SANDBOX, 'PWCTL_SANDBOX');

  return {
    profileName,
    baseUrl: base?.url,
    baseUrlSource: base?.source,
    token: envToken ?? (profile.keyring_account ? undefined : profile.token),
    tokenSource: envToken ? 'env' : profile.keyring_account ? 'keyring' : profile.token ? 'file' : undefined,
    output,
    company,
    timeoutMs: timeoutSeconds * 1000,
    maxPages,
    ...limits(env),
    ...debugSettings(flags, env),
    sandbox,
    caFile,
  };
}

/** The bounds a hostile service cannot push pwctl past; set by environment only, for the jobs that need more. */
function limits(env: NodeJS.ProcessEnv): Pick<Settings, 'maxWaitSeconds' | 'maxResponseBytes'> {
  const wait = nonEmpty(env.PWCTL_MAX_WAIT);
  const bytes = nonEmpty(env.PWCTL_MAX_RESPONSE_BYTES);
  return {
    maxWaitSeconds:
      wait === undefined ? undefined : parseWholeNumber(wait, 'PWCTL_MAX_WAIT', 'seconds', 1, MAX_WAIT_CEILING_SECONDS),
    maxResponseBytes:
      bytes === undefined
        ? DEFAULT_MAX_RESPONSE_BYTES
        : parseWholeNumber(bytes, 'PWCTL_MAX_RESPONSE_BYTES', 'bytes', 1024, MAX_RESPONSE_BYTES_CEILING, '500 MiB'),
  };
}

/** --debug, --debug=api, PWCTL_DEBUG=1|api: whether to trace requests, and their bodies too. */
function debugSettings(flags: GlobalFlags, env: NodeJS.ProcessEnv): Pick<Settings, 'debug' | 'debugBodies'> {
  const bodies = flags.debugApi === true || env.PWCTL_DEBUG === 'api';
  return {
    debug:
      bodies || flags.debug === true || envFlag(env.PWCTL_DEBUG === 'api' ? undefined : env.PWCTL_DEBUG, 'PWCTL_DEBUG'),
    debugBodies: bodies,
  };
}

/** --jq filters JSON: without -o it means JQ_DEFAULT_FORMAT (whatever the environment or profile says), and it refuses formats that are not JSON. */
function jqOutput(flag: string | undefined): OutputFormat {
  if (flag === undefined) return JQ_DEFAULT_FORMAT;
  const format = parseEnum(flag, OUTPUT_FORMATS, '--output');
  if (!JQ_FORMATS.includes(format))
    throw new UsageError(
      `--jq filters JSON: use it with ${JQ_FORMATS.map((f) => `-o ${f}`).join(' or ')} (or no -o), not -o ${format}`,
    );
  return format;
}

type Candidate = [value: string | undefined, name: string];

function pick<T>(
  flag: Candidate,
  env: Candidate,
  profile: Candidate,
  parse: (value: string, name: string) => T,
): T | undefined {
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
