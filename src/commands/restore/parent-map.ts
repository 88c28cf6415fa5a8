// `restore --map <file>`: where records go on the service they are restored into, by the ids
// of their parents in the export: {"phases": {"<old>": <new>}, "projects": {…}, "clients": {…},
// "companies": {…}}. Every key and value is checked before any request.
import { readFile } from 'node:fs/promises';
import { UsageError } from '../../errors.js';
import type { StructureKind } from '../structure.js';

export const PARENT_KINDS: readonly StructureKind[] = ['phases', 'projects', 'clients', 'companies'];

export type ParentMap = Record<StructureKind, ReadonlyMap<number, number>>;

export async function readParentMap(path: string): Promise<ParentMap> {
  const where = `--map ${JSON.stringify(path)}`;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `--map: cannot read ${JSON.stringify(path)}: ${code === 'ENOENT' ? 'no such file' : (code ?? (error as Error).message)}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(
      `${where}: not JSON; expected {"phases": {"<old id>": <new id>}, "projects": {…}, "clients": {…}, "companies": {…}}`,
    );
  }
  if (!isObject(value))
    throw new UsageError(
      `${where}: expected a JSON object {"phases": {…}, "projects": {…}, "clients": {…}, "companies": {…}}`,
    );
  for (const key of Object.keys(value)) {
    if (!(PARENT_KINDS as readonly string[]).includes(key))
      throw new UsageError(`${where}: ${JSON.stringify(key)} is not one of ${PARENT_KINDS.join(', ')}`);
  }
  const map = {} as Record<StructureKind, Map<number, number>>;
  for (const kind of PARENT_KINDS) {
    const entries = value[kind] ?? {};
    if (!isObject(entries)) throw new UsageError(`${where}: ${kind} must be an object of "<old id>": <new id>`);
    map[kind] = new Map(
      Object.entries(entries).map(([old, target]) => {
        if (!/^[1-9][0-9]*$/.test(old) || !Number.isSafeInteger(Number(old)))
          throw new UsageError(
            `${where}: ${kind}: ${JSON.stringify(old)} is not an id (the key is the id in the export)`,
          );
        if (typeof target !== 'number' || !Number.isSafeInteger(target) || target < 1) {
          throw new UsageError(
            `${where}: ${kind}.${old} must be an id on the service restored into (a JSON number), got ${JSON.stringify(target)}`,
          );
        }
        return [Number(old), target];
      }),
    );
  }
  return map;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
