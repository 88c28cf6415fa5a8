// A directory of document files (`docs pull` / `docs push`): its `*.md` files, and
// .pwctl-docs.json beside them, which records each document as it was when last pulled or
// pushed (its file, updated_at, and a digest of title, body, audience and edit access). The
// record is how pwctl tells "this file was edited" from "the service moved on": a file whose
// digest still matches was not edited, whatever the service holds now.
import { readdir, readFile } from 'node:fs/promises';
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

/** Every `*.md` file of the directory, by name. */
export async function readDocsDir(dir: string): Promise<LocalFile[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`<dir>: cannot read ${JSON.stringify(dir)}: ${error.code === 'ENOENT' ? 'no such directory' : error.code ?? error.message}`);
  });
  const names = entries.filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.md') && !e.name.startsWith('.')).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(join(dir, name), 'utf8');
      try {
        return { name, text, doc: parseDocFile(text, name) };
      } catch (error) {
        if (error instanceof UsageError) return { name, text, problem: error };
        throw error;
      }
    }),
  );
}

/** Files by uuid; a uuid in two files is refused before any request. */
export function filesByUuid(files: readonly LocalFile[]): Map<string, LocalFile> {
  const byUuid = new Map<string, LocalFile>();
  for (const file of files) {
    const uuid = file.doc?.uuid;
    if (uuid === undefined) continue;
    const other = byUuid.get(uuid);
    if (other) throw new UsageError(`${other.name} and ${file.name} both have uuid ${uuid}: one document, one file (remove the uuid from a copy to create a new document)`);
    byUuid.set(uuid, file);
  }
  return byUuid;
}

export async function readDocsState(dir: string): Promise<DocsState> {
  let text: string;
  try {
    text = await readFile(join(dir, STATE_FILE), 'utf8');
  } catch {
    return { documents: {} };
  }
  try {
    const parsed = JSON.parse(text) as Partial<DocsState>;
    if (parsed && typeof parsed.documents === 'object' && parsed.documents !== null) return { documents: { ...parsed.documents } };
  } catch {
    // A damaged record is as good as none: every file is then compared with the service.
  }
  return { documents: {} };
}

export async function writeDocsState(dir: string, state: DocsState): Promise<void> {
  const text = JSON.stringify({ written_by: 'pwctl docs pull/push: each document as last pulled or pushed', documents: state.documents }, null, 2);
  await writeFileAtomic(join(dir, STATE_FILE), `${text}\n`);
}
