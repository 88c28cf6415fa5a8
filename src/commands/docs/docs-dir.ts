// A directory of document files (`docs pull` / `docs push`): its `*.md` files, and
// .pwctl-docs.json beside them, which records each document as it was when last pulled or
// pushed (its file, updated_at, and a digest of title, body, audience and edit access). The
// record is how pwctl tells "this file was edited" from "the service moved on": a file whose
// digest still matches was not edited, whatever the service holds now.
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../../errors.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import { parseDocFile, type DocFile } from './doc-file.js';

export const STATE_FILE = '.pwctl-docs.json';

export interface LocalFile {
  name: string;
  text: string;
  /** Undefined when the file could not be read as a document; `problem` says why. */
  doc?: DocFile;
  problem?: UsageError;
}

export interface PulledRecord {
  file: string;
  updated_at: string;
  digest: string;
}

export interface DocsState {
  documents: Record<string, PulledRecord>;
}

/** Every `*.md` file of the directory, by name (symbolic links and directories are not files). */
export async function readDocsDir(dir: string): Promise<LocalFile[]> {
  const entries = await readEntries(dir);
  const names = entries
    .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.md') && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name): Promise<LocalFile> => {
      let text: string;
      try {
        text = await readFile(join(dir, name), 'utf8');
      } catch (error) {
        return {
          name,
          text: '',
          problem: new UsageError(
            `${name}: cannot read it: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
          ),
        };
      }
      try {
        return { name, text, doc: parseDocFile(text, name) };
      } catch (error) {
        if (error instanceof UsageError) return { name, text, problem: error };
        throw error;
      }
    }),
  );
}

/**
 * The name of everything in the directory, whatever it is: a new document's file must take
 * none of them, so a directory, a symbolic link or any other entry is never written over.
 */
export async function entryNames(dir: string): Promise<string[]> {
  return (await readEntries(dir)).map((e) => e.name);
}

function readEntries(dir: string) {
  return readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(
      `<dir>: cannot read ${JSON.stringify(dir)}: ${error.code === 'ENOENT' ? 'no such directory' : (error.code ?? error.message)}`,
    );
  });
}

/** Files by uuid; a uuid in two files is refused before any request. */
export function filesByUuid(files: readonly LocalFile[]): Map<string, LocalFile> {
  const byUuid = new Map<string, LocalFile>();
  for (const file of files) {
    const uuid = file.doc?.uuid;
    if (uuid === undefined) continue;
    const other = byUuid.get(uuid);
    if (other)
      throw new UsageError(
        `${other.name} and ${file.name} both have uuid ${uuid}: one document, one file (remove the uuid from a copy to create a new document)`,
      );
    byUuid.set(uuid, file);
  }
  return byUuid;
}

export async function readDocsState(dir: string): Promise<DocsState> {
  let text: string;
  try {
    text = await readFile(join(dir, STATE_FILE), 'utf8');
  } catch {
    return { documents: Object.create(null) as Record<string, PulledRecord> };
  }
  // A damaged record is as good as none (every file is then compared with the service), and
  // so is a damaged entry in it.
  // No prototype: a uuid is only ever a key, whatever a file or a service calls it.
  const documents: Record<string, PulledRecord> = Object.create(null) as Record<string, PulledRecord>;
  try {
    const parsed = JSON.parse(text) as { documents?: unknown };
    if (parsed && typeof parsed.documents === 'object' && parsed.documents !== null) {
      for (const [uuid, record] of Object.entries(parsed.documents))
        if (isPulledRecord(record)) documents[uuid] = record;
    }
  } catch {
    // Not JSON: no record.
  }
  return { documents };
}

function isPulledRecord(value: unknown): value is PulledRecord {
  const record = value as Partial<PulledRecord> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.file === 'string' &&
    typeof record.updated_at === 'string' &&
    typeof record.digest === 'string'
  );
}

/**
 * Refuse, before any request, a directory (or any entry but a file) where the record goes:
 * `docs push` would change the service and then fail to record it.
 */
export async function checkStateFile(dir: string): Promise<void> {
  const path = join(dir, STATE_FILE);
  const info = await lstat(path).catch(() => undefined);
  if (info && !info.isFile() && !info.isSymbolicLink()) {
    throw new UsageError(
      `${JSON.stringify(path)} is ${info.isDirectory() ? 'a directory' : 'not a file'}: pwctl keeps its record of pulled and pushed documents there; remove or rename it`,
    );
  }
}

export async function writeDocsState(dir: string, state: DocsState): Promise<void> {
  const text = JSON.stringify(
    { written_by: 'pwctl docs pull/push: each document as last pulled or pushed', documents: state.documents },
    null,
    2,
  );
  await writeFileAtomic(join(dir, STATE_FILE), `${text}\n`);
}
