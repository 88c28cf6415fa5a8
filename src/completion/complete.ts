// `pwctl __complete <bash|zsh|fish> -- <words…>`: what the scripts in completions/ call at
// every TAB. An entry of its own in the build (dist/complete.js), imported by the bin shim
// before anything else loads: it reads the command tree written at build time
// (dist/completion-tree.json) and the local id cache, never commander, the program or the
// network. Output: one candidate per line, `value<TAB>description` for zsh and fish and the
// bare value for bash; a single line `:files` asks the shell to complete file names.
import { readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { storedAliases } from '../aliases/stored.js';
import { unsafeStoreProblem } from '../config/ownership.js';
import { CONFIG_FILE_NAME, configDir } from '../config/paths.js';
import { serviceKey } from '../config/service-key.js';
import type { IdKind } from '../id-kinds.js';
import { parseBoolean } from '../validate.js';
import { completeWords, type Completion, type Sources, type TypedTarget } from './candidates.js';
import { cacheDir, LOCAL_IDS, oneLine, readCachedIds } from './id-cache.js';
import { COMPLETION_SHELLS } from './shells.js';
import type { CompletionTree } from './tree.js';

export function complete(
  args: readonly string[],
  treePath = join(import.meta.dirname, 'completion-tree.json'),
  env: NodeJS.ProcessEnv = process.env,
): void {
  const [shell, separator, ...words] = args;
  // A mistaken call gets nothing rather than an error: a shell would print it mid-line.
  if (!shell || !(COMPLETION_SHELLS as readonly string[]).includes(shell) || separator !== '--') return;
  let completion: Completion;
  try {
    const tree = JSON.parse(readFileSync(treePath, 'utf8')) as CompletionTree;
    completion = completeWords(tree, words, localSources(env));
  } catch {
    return;
  }
  writeAll(formatCompletion(completion, shell));
}

export function formatCompletion(completion: Completion, shell: string): string {
  if (completion.files) return ':files\n';
  return completion.candidates
    .map((c) => (shell !== 'bash' && c.description ? `${c.value}\t${oneLine(c.description)}\n` : `${c.value}\n`))
    .join('');
}

/** Ids, profiles and aliases from the config directory: the id cache files and the config file. */
export function localSources(env: NodeJS.ProcessEnv): Sources {
  const dir = configDir(env);
  // A store someone else owns or can write is ignored, without a word (a TAB prints no errors).
  if (unsafeStoreProblem(dir, join(dir, CONFIG_FILE_NAME))) return { ids: () => [], profiles: () => [] };
  let stored: StoredConfig | undefined;
  const readStored = (): StoredConfig => {
    if (stored) return stored;
    try {
      const data = JSON.parse(readFileSync(join(dir, CONFIG_FILE_NAME), 'utf8')) as StoredConfig;
      stored = data && typeof data === 'object' ? data : {};
    } catch {
      stored = {};
    }
    if (!stored.profiles || typeof stored.profiles !== 'object') stored.profiles = {};
    return stored;
  };
  return {
    ids(kind: IdKind, line: TypedTarget) {
      // The precedence of settings: the flag typed on the line, then the environment, then the config file.
      const config = readStored();
      const profile =
        line.profile ||
        env.PWCTL_PROFILE ||
        (typeof config.default_profile === 'string' && config.default_profile) ||
        'default';
      const settings = config.profiles![profile];
      if (settings?.completion_cache === false) return [];
      const service = serviceKey({
        sandbox: line.sandbox === true || isTrue(env.PWCTL_SANDBOX),
        baseUrl: line.baseUrl || env.PWCTL_BASE_URL || settings?.base_url,
      });
      const cache = cacheDir(dir, profile, service);
      // Ids of what this machine keeps (the delivery inbox) are the profile's, of no service.
      const local = cacheDir(dir, profile, LOCAL_IDS);
      return [...(cache ? readCachedIds(cache, kind) : []), ...(local ? readCachedIds(local, kind) : [])];
    },
    profiles() {
      return Object.keys(readStored().profiles!);
    },
    aliases() {
      return storedAliases(readStored());
    },
  };
}

interface StoredConfig {
  default_profile?: unknown;
  profiles?: Record<string, { completion_cache?: boolean; base_url?: string }>;
}

function isTrue(value: string | undefined): boolean {
  try {
    return value !== undefined && value !== '' && parseBoolean(value, 'PWCTL_SANDBOX');
  } catch {
    return false;
  }
}

function writeAll(text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(1, bytes, offset);
    } catch (error) {
      // A non-blocking pipe that is full: try again. Anything else (EPIPE: the shell stopped reading) ends it.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
    }
  }
}
