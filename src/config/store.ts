// The config store: one JSON file holding every profile, shared by every pwctl process of
// the user (parallel CI jobs, `xargs -P`). Reads are a plain readFileSync + JSON.parse.
// Every change is a read-modify-write under an exclusive lock between processes (./lock.ts)
// that re-reads the file once it holds the lock, so no process overwrites what another
// stored meanwhile; the file is replaced atomically (../files/atomic-write.ts), so a process
// killed at any moment leaves the old store or the new one.
import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../errors.js';
import type { LockOptions } from './lock.js';
import { parseTimeoutSeconds } from '../validate.js';
import { unsafeStoreProblem } from './ownership.js';
import { CONFIG_FILE_NAME, configDir } from './paths.js';
import type { StoredWebhookSecrets } from './webhook-secrets.js';

export interface ProfileData {
  base_url?: string;
  output?: string;
  company?: number;
  timeout?: number;
  /** The most pages one list reads (`config set max_pages`). */
  max_pages?: number;
  /**
   * Where the tokens are kept when they are in the OS keyring: the account of the item
   * (service "pwctl"). The file then holds no token.
   */
  keyring_account?: string;
  /** Tokens kept in this file: without a usable keyring, or by `auth login --insecure-storage`. */
  token?: string;
  refresh_token?: string;
  /** ISO timestamp when the access token kept in this file expires, when the token endpoint said so. */
  token_expires_at?: string;
  /**
   * The service the stored tokens belong to (the origin of the base URL at login) and, for an
   * OAuth sign-in, the token endpoint that issued them: see ../auth/token-binding.ts. Kept
   * here wherever the tokens are (a keyring item carries them too).
   */
  token_service?: string;
  token_endpoint?: string;
  oauth_authorize_url?: string;
  oauth_token_url?: string;
  oauth_client_id?: string;
  completion_cache?: boolean;
  /** The pager for long output on a terminal (`config set pager`); empty: no pager. */
  pager?: string;
  /** Absolute path of a PEM file of extra certificate authorities (`config set ca_file`). */
  ca_file?: string;
  /** Where the daily new-version check asks (src/update/); none: no check. */
  update_feed_url?: string;
  /** See ./webhook-secrets.ts, the only module that reads or changes it. */
  webhook_secrets?: StoredWebhookSecrets;
}

export interface ConfigData {
  /** The profile used when neither --profile nor PWCTL_PROFILE names one (`pwctl auth switch`). */
  default_profile?: string;
  profiles?: Record<string, ProfileData>;
  /** `pwctl alias set`: name → expansion, for every profile (src/aliases/stored.ts reads and changes it). */
  aliases?: Record<string, string>;
}

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

export class ConfigStore {
  readonly path: string;
  readonly lockPath: string;
  #cache: ConfigData | undefined;

  constructor(
    readonly dir: string,
    readonly lockOptions: Partial<LockOptions> = {},
  ) {
    this.path = join(dir, CONFIG_FILE_NAME);
    this.lockPath = `${this.path}.lock`;
  }

  /** The whole store; {} when no file exists yet. A corrupt or empty file is an error, never a silent reset. */
  read(): ConfigData {
    if (this.#cache) return this.#cache;
    this.#refuseUnsafe();
    // No file yet (PWCTL_TOKEN alone, CI): asked first, as the error a read would throw costs more
    // than the question; any other failure (a directory, no permission) is the read's to report.
    if (statSync(this.path, { throwIfNoEntry: false }) === undefined) return (this.#cache = {});
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return (this.#cache = {});
      throw new ConfigError(
        `cannot read config file ${this.path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      );
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      throw new ConfigError(
        `config file ${this.path} is not valid JSON; fix or remove it (it may hold your tokens, so it was left untouched)`,
      );
    }
    return (this.#cache = data as ConfigData);
  }

  /** The store as it is on disk now, not as this process first read it. */
  reread(): ConfigData {
    this.#cache = undefined;
    return this.read();
  }

  profile(name: string): ProfileData {
    return this.read().profiles?.[name] ?? {};
  }

  /** The default profile set by `auth switch`, if any. */
  defaultProfile(): string | undefined {
    const name = this.read().default_profile;
    return typeof name === 'string' && name !== '' ? name : undefined;
  }

  /**
   * Change the store: under the lock, `change` receives a fresh copy read from disk and may
   * modify it (and do other work that must not interleave with another process, such as a
   * token renewal); the result is written if it differs. Returns what `change` returns.
   */
  async update<T>(change: (data: ConfigData) => T | Promise<T>): Promise<T> {
    this.ensureDir();
    const [{ acquireLock }, { removeLeftovers, writeFileAtomic }] = await Promise.all([
      import('./lock.js'),
      import('../files/atomic-write.js'),
    ]);
    const lock = await acquireLock(this.lockPath, this.lockOptions);
    try {
      removeLeftovers(this.path);
      const current = this.reread();
      const data = structuredClone(current);
      const result = await change(data);
      if (JSON.stringify(data) !== JSON.stringify(current)) {
        lock.verify();
        writeFileAtomic(this.path, `${JSON.stringify(data, null, '\t')}\n`, FILE_MODE);
        this.#cache = data;
      }
      tightenFileMode(this.path);
      return result;
    } finally {
      lock.release();
    }
  }

  /** Apply a change to one profile (created if missing), as `update` does. */
  updateProfile<T>(name: string, change: (profile: ProfileData) => T | Promise<T>): Promise<T> {
    return this.update((data) => change(((data.profiles ??= {})[name] ??= {})));
  }

  /** The path of a file kept beside config.json (the embedded sandbox's state), its directory created private first. */
  filePath(name: string): string {
    this.ensureDir();
    return join(this.dir, name);
  }

  /** The store's directory, created 0700 by whichever command needs it first, and tightened if it is looser. */
  ensureDir(): void {
    mkdirSync(this.dir, { recursive: true, mode: DIR_MODE });
    this.#refuseUnsafe();
    if ((statSync(this.dir).mode & 0o777) !== DIR_MODE) chmodSync(this.dir, DIR_MODE);
  }

  /** A directory or file another user owns or can write is not used at all (./ownership.ts). */
  #refuseUnsafe(): void {
    const problem = unsafeStoreProblem(this.dir, this.path);
    if (problem) throw new ConfigError(problem);
  }
}

/** A file someone loosened by hand (or an older pwctl left 0644) is made private again. */
function tightenFileMode(path: string): void {
  try {
    if ((statSync(path).mode & 0o777) !== FILE_MODE) chmodSync(path, FILE_MODE);
  } catch {
    // No file yet: nothing to tighten.
  }
}

/**
 * The store a run uses: in PWCTL_CONFIG_DIR, else the OS config directory. PWCTL_LOCK_TIMEOUT
 * (seconds) bounds the wait for another process's lock.
 */
export function openConfigStore(env: NodeJS.ProcessEnv): ConfigStore {
  const wait = env.PWCTL_LOCK_TIMEOUT;
  return new ConfigStore(
    configDir(env),
    wait === undefined || wait === '' ? {} : { waitMs: parseTimeoutSeconds(wait, 'PWCTL_LOCK_TIMEOUT') * 1000 },
  );
}
