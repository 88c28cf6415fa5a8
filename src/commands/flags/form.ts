// How a flag's name is written in a declaration, and what follows from it: its form on the
// command line and the field name an agent uses by default.
import type { FlagForm } from './flag.js';

/**
 * `'--phase'` or `'-o, --output'` with a placeholder, or a positional `'<id>'`, `'[event]'`,
 * `'<id...>'`: the form, and the field name an agent uses by default (`phase`, `id`, `ids`,
 * `step_id` for `<step-id>`).
 */
export function formOf(spec: string, placeholder: string, repeatable = false): { form: FlagForm; field: string } {
  const positional = /^([<[])([\w|-]+)(\.\.\.)?[>\]]$/.exec(spec);
  if (positional) {
    const name = positional[2]!;
    const variadic = positional[3] !== undefined;
    // `<file|->` is the file `file`; `<step-id>` the field step_id, `<tag-id...>` tag_ids.
    const base = name.split('|')[0]!.replace(/-/g, '_');
    const field = `${base}${variadic && !base.endsWith('s') ? 's' : ''}`;
    return { form: { type: 'positional', name, variadic, optional: positional[1] === '[' }, field };
  }
  const { long, short } = optionNames(spec);
  return {
    form: { type: 'value', long, ...(short ? { short } : {}), placeholder, ...(repeatable ? { repeatable } : {}) },
    field: fieldOf(long),
  };
}

/** `'--name'` or `'-x, --name'`: the option's long and short names. */
export function optionNames(spec: string): { long: string; short?: string } {
  const m = /^(?:(-\w),\s*)?(--[\w-]+)$/.exec(spec);
  if (!m) throw new Error(`flag ${JSON.stringify(spec)}: expected '--name' or '-x, --name'`);
  return m[1] ? { long: m[2]!, short: m[1] } : { long: m[2]! };
}

/** The field an agent uses for an option by default: `--due-date` → `due_date`. */
export function fieldOf(long: string): string {
  return long.slice(2).replace(/-/g, '_');
}
