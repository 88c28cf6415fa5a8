// The config store: one JSON file holding every profile. Reads are a plain readFileSync +
// JSON.parse (conf pulls in ajv, semver and atomically: ~40 ms we don't want on every
// request); writes go through conf for its atomic write, loaded only when something changes.
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../errors.js';
import { CONFIG_FILE_NAME } from './paths.js';

export interface StoredWebhookSecret {
  secret: string;
  event?: string;
  company_id?: number;
  url?: string;
  created_at?: string;
}

export interface ProfileData {
  base_url?: string;
  output?: string;
  company?: number;
  timeout?: number;
  token?: string;
  refresh_token?: string;
  /** ISO timestamp when the access token expires, when the token endpoint said so. */
  token_expires_at?: string;
  oauth_authorize_url?: string;
  oauth_token_url?: string;
  oauth_client_id?: string;
  completion_cache?: boolean;
  /** Absolute path of a PEM file of extra certificate authorities (`config set ca_file`). */
  ca_file?: string;
  /** Keyed by subscription id. */
  webhook_secrets?: Record<string, StoredWebhookSecret>;
}

export interface ConfigData {
  profiles?: Record<string, ProfileData>;
}

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

export class ConfigStore {
  readonly path: string;
  #cache: ConfigData | undefined;

  constructor(readonly dir: string) {
    this.path = join(dir, CONFIG_FILE_NAME);
  }

  /** The whole store; {} when no file exists yet. A corrupt or empty file is an error, never a silent reset. */
  read(): ConfigData {
    if (this.#cache) return this.#cache;
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return (this.#cache = {});
      throw new ConfigError(`cannot read config file ${this.path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
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

  profile(name: string): ProfileData {
    return this.read().profiles?.[name] ?? {};
  }

  /** Apply a change to one profile and write the file (0600, directory 0700). */
  async updateProfile(name: string, change: (profile: ProfileData) => void): Promise<void> {
    // Re-read first: another pwctl may have written since this one started (a rotated
    // refresh token must never be overwritten with the spent one we read at start-up).
    this.#cache = undefined;
    const data = structuredClone(this.read());
    const profiles = (data.profiles ??= {});
    const profile = (profiles[name] ??= {});
    change(profile);
    await this.write(data);
  }

  async write(data: ConfigData): Promise<void> {
    mkdirSync(this.dir, { recursive: true, mode: DIR_MODE });
    chmodSync(this.dir, DIR_MODE);
    const { default: Conf } = await import('conf');
    const conf = new Conf<Record<string, unknown>>({
      cwd: this.dir,
      configName: CONFIG_FILE_NAME.replace(/\.json$/, ''),
      configFileMode: FILE_MODE,
      clearInvalidConfig: false,
    });
    conf.store = data as Record<string, unknown>;
    // conf keeps an existing file's mode on some paths; make the promise unconditional.
    chmodSync(this.path, FILE_MODE);
    this.#cache = data;
  }
}
