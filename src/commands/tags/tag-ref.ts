// Reading `<tag>` arguments. The JSON type is what the service goes by: the number 12 is
// tag 12, the string "12" is the tag named 12. Digits are an id; anything else is a name;
// `id:` and `name:` force the reading (`name:2024` is the tag named 2024).
import type { TagReference } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { parseId } from '../../validate.js';

export function parseTagRef(arg: string): TagReference {
  if (arg.startsWith('id:')) return parseId(arg.slice(3), `tag ${JSON.stringify(arg)}: id:<n>`);
  if (arg.startsWith('name:')) return tagName(arg.slice(5), arg);
  if (/^\s*[0-9]+\s*$/.test(arg)) return parseId(arg, `tag ${JSON.stringify(arg)}`);
  return tagName(arg, arg);
}

function tagName(name: string, arg: string): string {
  if (name.trim() === '')
    throw new UsageError(
      `tag ${JSON.stringify(arg)}: a tag name must not be empty (use name:<text>, or digits for an id)`,
    );
  return name;
}

/**
 * A reference already typed by JSON (an MCP argument): a number must be a tag id, a string
 * a non-empty name; the string "12" stays the tag named 12. `where` names it in messages.
 */
export function checkTypedRef(ref: TagReference, where: string): TagReference {
  if (typeof ref === 'number') return parseId(String(ref), where);
  if (ref.trim() === '') throw new UsageError(`${where}: a tag name must not be empty`);
  return ref;
}

/**
 * The references with repeats left out: ids by value, names case-insensitively (the
 * service matches names that way), the first spelling kept.
 */
export function uniqueRefs(refs: readonly TagReference[]): TagReference[] {
  const seen = new Set<string>();
  return refs.filter((ref) => {
    const key = typeof ref === 'number' ? `#${ref}` : `=${ref.trim().toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How a reference is named in messages: 12 for an id, "12" for a name. */
export function describeRef(ref: TagReference): string {
  return typeof ref === 'number' ? `id ${ref}` : JSON.stringify(ref);
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
