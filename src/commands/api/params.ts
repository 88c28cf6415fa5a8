// `api -f/-F key=value`, as gh reads them: -f (--raw-field) is always a string; -F (--field)
// is typed — a JSON value is sent as that type (so the contract's `-F key=json-value` holds:
// 12, true, null, [1,2], "text"), `@file` sends a file's text (`@-` standard input), and
// anything else is sent as the string it is, as gh does for `-F title=Hello`.
import type { Ctx } from '../context.js';
import { UsageError } from '../../errors.js';

export async function parseParams(
  ctx: Ctx,
  rawFields: string[],
  typedFields: string[],
): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = {};
  for (const field of rawFields) {
    const [key, value] = splitPair(field, '-f');
    params[key] = value;
  }
  for (const field of typedFields) {
    const [key, value] = splitPair(field, '-F');
    params[key] = value.startsWith('@') ? await readFileField(ctx, value.slice(1), `-F ${key}`) : typedValue(value);
  }
  return params;
}

/** `-F key=@file`: the file reader loads only then (a `pwctl api` without one loads two files). */
async function readFileField(ctx: Ctx, source: string, flag: string): Promise<string> {
  return (await import('../read-input.js')).readInput(ctx, source, flag);
}

function typedValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function splitPair(pair: string, flag: string): [string, string] {
  const at = pair.indexOf('=');
  if (at <= 0) throw new UsageError(`${flag} takes key=value, got ${JSON.stringify(pair)}`);
  return [pair.slice(0, at), pair.slice(at + 1)];
}
