// The global options, and which verbs each one applies to — decided by the verb's declared
// effects, never by a list of verbs: --dry-run where data changes, --yes where something is
// confirmed, the connection options where a service is used, -o/--fields/--jq where records
// are printed, --max-pages where lists are read page by page. Help shows a verb only the global options that apply to it (gh's "inherited
// flags"), and a flag that cannot do anything for the verb it was given to is refused.
import type { Effects } from '../commands/declare.js';
import { UsageError } from '../errors.js';
import { OUTPUT_FORMATS } from '../output/formats.js';

/** What a global option is for: the verbs it applies to follow from it. */
export type Applies = 'all' | 'records' | 'connection' | 'writes' | 'confirms' | 'pages';

export interface GlobalOption {
  flags: string;
  help: string;
  applies: Applies;
  choices?: readonly string[];
  hidden?: boolean;
  /** The GlobalFlags key commander stores it under. */
  key: string;
}

export const GLOBAL_OPTIONS: readonly GlobalOption[] = [
  { flags: '-o, --output <format>', help: 'output format', applies: 'records', choices: OUTPUT_FORMATS, key: 'output' },
  {
    flags: '--fields <paths>',
    help: 'select fields/columns; dotted paths reach into objects (phase.title)',
    applies: 'records',
    key: 'fields',
  },
  {
    flags: '--profile <name>',
    help: 'stored profile to use (env PWCTL_PROFILE; default "default")',
    applies: 'all',
    key: 'profile',
  },
  { flags: '--base-url <url>', help: 'service root URL (env PWCTL_BASE_URL)', applies: 'connection', key: 'baseUrl' },
  {
    flags: '--sandbox',
    help: 'run against the built-in embedded sandbox (env PWCTL_SANDBOX=1)',
    applies: 'connection',
    key: 'sandbox',
  },
  {
    flags: '--debug',
    help: 'trace HTTP requests and their headers to stderr, secrets redacted; --debug=api adds bodies (env PWCTL_DEBUG=1 or api)',
    applies: 'connection',
    key: 'debug',
  },
  { flags: '--debug-api', help: '', applies: 'connection', hidden: true, key: 'debugApi' },
  { flags: '-q, --quiet', help: 'no progress, notices or summaries on stderr', applies: 'all', key: 'quiet' },
  { flags: '-y, --yes', help: 'answer yes to confirmations', applies: 'confirms', key: 'yes' },
  {
    flags: '--no-input',
    help: 'never prompt or open a picker; a missing value is a usage error (env PWCTL_NO_INPUT=1)',
    applies: 'all',
    key: 'input',
  },
  { flags: '--no-color', help: 'disable color (also NO_COLOR)', applies: 'all', key: 'color' },
  {
    flags: '--timeout <seconds>',
    help: 'per-request timeout in seconds (env PWCTL_TIMEOUT; default 30)',
    applies: 'connection',
    key: 'timeout',
  },
  {
    flags: '--max-pages <n>',
    help: 'the most pages one list reads; past it the command stops with exit 7 (env PWCTL_MAX_PAGES; default 10000)',
    applies: 'pages',
    key: 'maxPages',
  },
  {
    flags: '--dry-run',
    help: 'print the requests that would change data, and send nothing',
    applies: 'writes',
    key: 'dryRun',
  },
  {
    flags: '--jq <expr>',
    help: 'filter the JSON result with a jq expression (implies -o json; with -o ndjson, per record)',
    applies: 'records',
    key: 'jq',
  },
  {
    flags: '--no-pager',
    help: 'print long tables, records and diffs straight to the terminal, not through the pager (also PWCTL_PAGER="")',
    applies: 'records',
    key: 'pager',
  },
  {
    flags: '--csv-raw',
    help: "-o csv: write cells starting with = + - @ tab or CR unchanged (by default a leading ' stops a spreadsheet running them as formulas)",
    applies: 'records',
    key: 'csvRaw',
  },
];

/** Whether a global option applies to a verb with these effects. */
export function appliesTo(applies: Applies, effects: Effects): boolean {
  switch (applies) {
    case 'all':
      return true;
    case 'records':
      return effects.prints !== 'text';
    case 'connection':
      return effects.offline !== true;
    case 'writes':
      return effects.writes === true;
    case 'confirms':
      return effects.confirms === true;
    case 'pages':
      return effects.pages === true;
  }
}

/**
 * Global flags given to a verb they can do nothing for are refused before anything runs:
 * `steps list --dry-run` would otherwise look like a safe rehearsal of something.
 * Options that only shape output or connections are let through (a script may set them for
 * every call); --dry-run and --jq promise something the verb cannot keep.
 */
export function refuseInapplicable(
  given: { dryRun?: boolean; jq?: string; fields?: string },
  effects: Effects,
  path: string,
): void {
  if (given.dryRun && !effects.writes)
    throw new UsageError(`--dry-run does not apply to ${path}: it shows the requests of commands that change data`);
  if (given.jq !== undefined && effects.prints === 'text')
    throw new UsageError(`--jq does not apply to ${path}: it filters JSON results, and ${path} prints none`);
  if (given.fields !== undefined && effects.prints === 'text')
    throw new UsageError(`--fields does not apply to ${path}: it selects fields of records, and ${path} prints none`);
}
