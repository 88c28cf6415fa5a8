// How help and messages name a flag and a value given to it, on the command line and to an agent.
import type { Flag } from './flag.js';

/** Every way the flag is typed: `--phase <id>`, `<id...>`, `--published | --draft`. */
export function usageOf(flag: Flag): string {
  const form = flag.form;
  switch (form.type) {
    case 'positional':
      return form.optional
        ? `[${form.name}${form.variadic ? '...' : ''}]`
        : `<${form.name}${form.variadic ? '...' : ''}>`;
    case 'value':
      return `${form.long} ${form.placeholder}`;
    case 'switch':
    case 'negation':
      return form.long;
    case 'choice':
      return form.options.map((o) => o.long).join(' | ');
    case 'either':
      return form.options.map((o) => `${o.long} ${o.placeholder}`).join(' | ');
  }
}

/** How messages name a flag: `--phase`, `<id>`, `--approve/--reject`. */
export function nameOf(flag: Flag): string {
  const form = flag.form;
  switch (form.type) {
    case 'positional':
      return `<${form.name}>`;
    case 'choice':
    case 'either':
      return form.options.map((o) => o.long).join('/');
    default:
      return form.long;
  }
}

/** How a flag given with `value` is written on the command line: `--no-create`, `--phase 41`, `--approve`. */
export function onCommandLine(flag: Flag, value: unknown): string {
  const form = flag.form;
  switch (form.type) {
    case 'switch':
    case 'negation':
      return form.long;
    case 'choice':
      return form.options.find((o) => o.value === value)?.long ?? nameOf(flag);
    case 'value':
      return `${form.long} ${String(value)}`;
    default:
      return nameOf(flag);
  }
}

/** How an agent passes a flag with `value` (its tool argument): `create_missing: false`. */
export function forAgent(flag: Flag, value: unknown): string {
  return flag.api ? `${flag.api.field}: ${JSON.stringify(value)}` : nameOf(flag);
}
