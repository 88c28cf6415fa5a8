// The ids a bulk verb acts on: from the arguments, or from stdin when the only argument is
// '-': one per line, each a bare id or a JSON object with an id field (NDJSON), or one JSON
// array of either. Every id is checked before any request.
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';

/** Ids in first-seen order, each once; [] when standard input held none (not an error: see the contract). */
export async function readBulkIds<I>(ctx: Factory, args: string[], parse: (value: string, name: string) => I, name: string): Promise<I[]> {
  if (args.length === 0) throw new UsageError(`${name} is required: give one or more, or - to read them from standard input`);
  if (!args.includes('-')) return unique(args.map((arg) => parse(arg, name)));
  if (args.length > 1) throw new UsageError(`${name}: '-' (read from standard input) cannot be combined with other ids`);
  if (ctx.io.stdinIsTTY) ctx.io.notice('reading ids from standard input, one per line; end with Ctrl-D');
  const { readInput } = await import('../read-input.js');
  const values = idsFromText(await readInput(ctx, '-', name), name);
  return unique(values.map((value, i) => parse(value, `${name} (stdin item ${i + 1})`)));
}

/** A repeated id would be acted on twice (and a second delete fail). */
function unique<I>(ids: I[]): I[] {
  return [...new Set(ids)];
}

export function idsFromText(text: string, name: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let array: unknown;
    try {
      array = JSON.parse(trimmed);
    } catch {
      throw new UsageError(`${name}: standard input starts with '[' but is not a JSON array`);
    }
    if (!Array.isArray(array)) throw new UsageError(`${name}: standard input is not a JSON array`);
    return array.map((item, i) => idOf(item, `${name} (stdin item ${i + 1})`));
  }
  const ids: string[] = [];
  trimmed.split(/\r?\n/).forEach((line, i) => {
    const value = line.trim();
    if (value === '') return;
    if (value.startsWith('{')) {
      let object: unknown;
      try {
        object = JSON.parse(value);
      } catch {
        throw new UsageError(`${name}: stdin line ${i + 1} is not a JSON object (expected a bare id or {"id": ...})`);
      }
      ids.push(idOf(object, `${name} (stdin line ${i + 1})`));
    } else ids.push(value);
  });
  return ids;
}

function idOf(item: unknown, where: string): string {
  if (typeof item === 'number' || typeof item === 'string') return String(item);
  if (item && typeof item === 'object') {
    const o = item as { id?: unknown; uuid?: unknown };
    const id = o.uuid ?? o.id;
    if (typeof id === 'number' || typeof id === 'string') return String(id);
  }
  throw new UsageError(`${where}: expected an id or an object with an "id" field`);
}
