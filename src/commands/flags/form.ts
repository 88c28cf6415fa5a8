// How a flag's name is written in a declaration, and what follows from it: its form on the
// command line and the field name an agent uses by default.
import { everyChar, isWordChar } from '../../chars.js';
import type { FlagForm } from './flag.js';

/**
 * `'--phase'` or `'-o, --output'` with a placeholder, or a positional `'<id>'`, `'[event]'`,
 * `'<id...>'`: the form, and the field name an agent uses by default (`phase`, `id`, `ids`,
 * `step_id` for `<step-id>`).
 */
export function formOf(spec: string, placeholder: string, repeatable = false): { form: FlagForm; field: string } {
  const positional = positionalOf(spec);
  if (positional) {
    const { name, variadic } = positional;
    // `<file|->` is the file `file`; `<step-id>` the field step_id, `<tag-id...>` tag_ids.
    const base = name.split('|')[0]!.replaceAll('-', '_');
    const field = `${base}${variadic && !base.endsWith('s') ? 's' : ''}`;
    return { form: { type: 'positional', ...positional }, field };
  }
  const { long, short } = optionNames(spec);
  return {
    form: { type: 'value', long, ...(short ? { short } : {}), placeholder, ...(repeatable ? { repeatable } : {}) },
    field: fieldOf(long),
  };
}

/** `<name>`, `[name]`, `<name...>`: a positional's name (letters, digits, _, | and -), whether it takes many, and whether it may be left out. */
function positionalOf(spec: string): { name: string; variadic: boolean; optional: boolean } | undefined {
  const open = spec[0];
  const close = spec[spec.length - 1];
  if ((open !== '<' && open !== '[') || (close !== '>' && close !== ']')) return undefined;
  const inner = spec.slice(1, -1);
  const variadic = inner.endsWith('...');
  const name = variadic ? inner.slice(0, -3) : inner;
  const nameChar = (code: number) => isWordChar(code) || code === 0x7c || code === 0x2d;
  if (name === '' || !everyChar(name, nameChar)) return undefined;
  return { name, variadic, optional: open === '[' };
}

/** `'--name'` or `'-x, --name'`: the option's long and short names. */
export function optionNames(spec: string): { long: string; short?: string } {
  const hasShort = spec[0] === '-' && isWordChar(spec.charCodeAt(1)) && spec[2] === ',';
  const long = hasShort ? spec.slice(3).trimStart() : spec;
  const longChar = (code: number) => isWordChar(code) || code === 0x2d;
  if (!long.startsWith('--') || long.length === 2 || !everyChar(long, longChar, 2))
    throw new Error(`flag ${JSON.stringify(spec)}: expected '--name' or '-x, --name'`);
  return hasShort ? { long, short: spec.slice(0, 2) } : { long };
}

/** The field an agent uses for an option by default: `--due-date` → `due_date`. */
export function fieldOf(long: string): string {
  return long.slice(2).replaceAll('-', '_');
}
