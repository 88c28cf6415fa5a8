// The ids shell completion offers: a small cache of the records list and get commands
// printed, per profile and per service (ids are only unique within one service), one TSV
// file per kind (`<config dir>/cache/<profile>/<service>/<kind>.tsv`, lines `id<TAB>title`,
// most recent first; <service> is "sandbox" or the base URL as a directory name). Written
// when a command ends (IdRecorder.save), read by the completer at TAB — which must never call
// the API. Only node:fs, node:path and pure helpers here: the completer bundles this file
// and its start-up cost is a product requirement.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { everyChar, isLetterOrDigit, isLowerLetter, isNameChar } from '../chars.js';
import { serviceDirName } from '../config/service-key.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import type { IdKind } from '../id-kinds.js';

/**
 * Whether a kind names a file of the cache: letters only. The completer reads kinds from
 * dist/completion-tree.json at TAB time, data no type checked: any other name reads and
 * remembers nothing.
 */
function isKind(kind: IdKind): boolean {
  const name: unknown = kind;
  return typeof name === 'string' && name !== '' && everyChar(name, isLowerLetter);
}

/**
 * Where ids of what this machine keeps (the webhook delivery inbox) are cached, in place of a
 * service: they belong to the profile, whichever service it uses. No service key is spelled
 * so (keys are "sandbox" or URLs).
 */
export const LOCAL_IDS = 'local';

/** Entries kept per kind: enough for what a person recently looked at, small enough to read at every TAB. */
export const MAX_CACHED_IDS = 200;
const MAX_TITLE = 80;
/** File systems allow 255 bytes in a name; a base URL longer than this is not cached. */
const MAX_DIR_NAME = 200;
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

export interface CachedId {
  id: string;
  title: string;
}

/** Id → title, in the order the records were printed. */
export type SeenIds = ReadonlyMap<IdKind, ReadonlyMap<string, string>>;

/** The cache directory of a profile, or undefined for a name that is not a safe path segment. */
export function profileCacheDir(configDir: string, profile: string): string | undefined {
  if (!isLetterOrDigit(profile.charCodeAt(0)) || !everyChar(profile, isNameChar, 1) || profile.includes('..'))
    return undefined;
  return join(configDir, 'cache', profile);
}

/**
 * The cache directory of a profile's ids from one service (see ../config/service-key.ts);
 * undefined when the service is unknown or the names make no safe path.
 */
export function cacheDir(configDir: string, profile: string, service: string | undefined): string | undefined {
  const profileDir = profileCacheDir(configDir, profile);
  if (!profileDir || service === undefined) return undefined;
  const name = serviceDirName(service);
  return name.length > MAX_DIR_NAME ? undefined : join(profileDir, name);
}

/** Text a shell shows on one line: control characters, tabs and line breaks become spaces. */
export function oneLine(text: string): string {
  // Most titles are printable ASCII with single spaces inside, which this leaves as they are.
  if (isOneLineAlready(text)) return text;
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
}

function isOneLineAlready(text: string): boolean {
  if (text.charCodeAt(0) === 0x20 || text.charCodeAt(text.length - 1) === 0x20) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7e || code < 0x20 || (code === 0x20 && text.charCodeAt(i + 1) === 0x20)) return false;
  }
  return true;
}

/** A title as cached: on one line, long ones cut. */
export function cleanTitle(title: string): string {
  const flat = oneLine(title);
  return flat.length > MAX_TITLE ? `${flat.slice(0, MAX_TITLE - 1)}…` : flat;
}

/** Ids are integers or UUIDs; anything else never reaches a file a shell reads. */
function isCacheableId(id: string): boolean {
  return id.length >= 1 && id.length <= 64 && everyChar(id, (code) => isLetterOrDigit(code) || code === 0x2d);
}

export function readCachedIds(dir: string, kind: IdKind): CachedId[] {
  if (!isKind(kind)) return [];
  return parseCachedIds(readText(join(dir, `${kind}.tsv`)));
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function parseCachedIds(text: string): CachedId[] {
  const entries: CachedId[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const tab = line.indexOf('\t');
    const id = tab < 0 ? line : line.slice(0, tab);
    if (isCacheableId(id)) entries.push({ id, title: tab < 0 ? '' : cleanTitle(line.slice(tab + 1)) });
  }
  return entries;
}

/** Put what a command printed in front of each kind's file: deduplicated, bounded, 0600 in 0700 directories. */
export function rememberIds(dir: string, seen: SeenIds): void {
  for (const [kind, fresh] of seen) {
    if (!isKind(kind)) continue;
    if (fresh.size === 0) continue;
    const path = join(dir, `${kind}.tsv`);
    const before = readText(path);
    const merged = new Map<string, string>();
    for (const [id, title] of fresh)
      if (merged.size < MAX_CACHED_IDS && isCacheableId(id)) merged.set(id, cleanTitle(title));
    for (const { id, title } of parseCachedIds(before)) {
      if (merged.size >= MAX_CACHED_IDS) break;
      if (!merged.has(id)) merged.set(id, title);
    }
    const text = [...merged].map(([id, title]) => `${id}\t${title}\n`).join('');
    // Looking at the same records again changes nothing: no write.
    if (text === before) continue;
    mkdirSync(dir, { recursive: true, mode: DIR_MODE });
    // A completer reading at the same moment sees the old or the new file, never half of one.
    writeFileAtomic(path, text, FILE_MODE);
  }
}

/** Forget every id cached for a profile (`config set completion_cache false`). */
export function forgetIds(configDir: string, profile: string): void {
  const dir = profileCacheDir(configDir, profile);
  if (dir) rmSync(dir, { recursive: true, force: true });
}
