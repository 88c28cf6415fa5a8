// Ids read from standard input for a lone `-` (bulk verbs): one per line, each a bare id or a
// JSON object with an id (NDJSON, so `pwctl steps list -o ndjson | pwctl steps complete -`
// works), or one JSON array of either. Each id is checked afterwards by its flag's parser.
import { UsageError } from '../errors.js';

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
