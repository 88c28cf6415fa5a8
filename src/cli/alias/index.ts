// `pwctl alias`: words of the user's own for pwctl command lines, as gh's aliases are. Declared
// in src/cli/, not src/commands/: an alias rewrites the command line before it is parsed
// (../alias-expansion.ts) and must not take the name of any command the command line has,
// `mcp` and `help` included; agents, who call tools by name, have no use for them.
import { bind, nounBody, verb } from '../../commands/declare.js';
import { custom, flag, raw } from '../../commands/flags.js';
import { parseAliasName } from '../../aliases/stored.js';

const TEXT: { offline: true; prints: 'text' } = { offline: true, prints: 'text' };

export const set = verb({
  name: 'set',
  summary: 'make a word of your own run a pwctl command line',
  details: `The expansion is split into words as a shell would (quotes, backslashes), but never run by one.
$1, $2, … take the words typed after the alias, in order; the words no placeholder takes are
appended. \`pwctl <alias> --help\` shows the help of the command it runs. An alias cannot take
the name of a pwctl command, and its expansion must start with one (global options first are
fine: an expansion that starts with an option goes after --).`,
  flags: () => ({
    name: custom(
      '<name>',
      'the word you will type: a letter, then letters, digits, - or _',
      parseAliasName,
      { schema: { type: 'string' }, fromJson: (value, field) => parseAliasName(String(value), field) },
      { required: true },
    ),
    expansion: raw(
      '<expansion>',
      'the command line to run, without "pwctl", quoted as one word; - reads the line from stdin',
      {
        required: true,
      },
    ),
    clobber: flag('--clobber', 'replace an alias of that name'),
  }),
  examples: [
    "pwctl alias set mine 'steps list --assignee maya --sort due_date'",
    "pwctl alias set due 'steps update $1 --due $2'     # then: pwctl due 101 +3d",
    "pwctl alias set mine 'steps list --assignee maya --open' --clobber",
    "pwctl alias set mine-json -- '-o json steps list --assignee maya'",
  ],
  effects: TEXT,
});

export const list = verb({
  name: 'list',
  summary: 'list your aliases and the command line each runs',
  flags: () => ({}),
  examples: ['pwctl alias list', 'pwctl alias list -o json'],
  effects: { offline: true },
});

export const remove = verb({
  name: 'delete',
  summary: 'forget an alias',
  flags: () => ({
    name: raw('<name>', 'the alias to forget', { required: true, complete: { aliases: true } }),
  }),
  examples: ['pwctl alias delete mine'],
  effects: TEXT,
});

export const alias = nounBody({
  examples: [
    "pwctl alias set mine 'steps list --assignee maya --sort due_date'",
    'pwctl mine --limit 5',
    'pwctl alias list',
  ],
  commands: [
    bind(set, () => import('./set.js')),
    bind(list, () => import('./list.js')),
    bind(remove, () => import('./delete.js')),
  ],
});
