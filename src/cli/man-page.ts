// Manual pages in roff, from the command tree (./command-tree.ts): pwctl(1), and one page per
// noun and verb (pwctl-steps(1), pwctl-steps-list(1)), as gh's gen-docs writes them.
// `pwctl help --man [command]` prints one; `npm run docs` writes them all to man/.
import { type CommandDoc, findCommand, type FlagDoc, type ProgramDoc, walkTree } from './command-tree.js';

const TITLE = 'pwctl manual';

/** Every page, by file name (`pwctl-steps-list.1`). */
export function manPages(tree: ProgramDoc): Record<string, string> {
  const pages: Record<string, string> = { 'pwctl.1': programPage(tree) };
  for (const command of walkTree(tree.commands)) pages[`${pageName(command.path)}.1`] = commandPage(tree, command);
  return pages;
}

/** The page of the program (no words) or of the command the words name; undefined when they name none. */
export function manPageOf(tree: ProgramDoc, words: readonly string[]): string | undefined {
  if (words.length === 0) return programPage(tree);
  const command = findCommand(tree, words);
  return command && commandPage(tree, command);
}

/** `pwctl steps list` → `pwctl-steps-list`. */
function pageName(path: string): string {
  return path.replaceAll(' ', '-');
}

function programPage(tree: ProgramDoc): string {
  return page('pwctl', [
    section('NAME', `pwctl \\- ${roff(tree.summary)}`),
    section('SYNOPSIS', `.B pwctl\n${roff(tree.usage.replace(/^pwctl /, ''))}`),
    section('DESCRIPTION', [roff(tree.summary), tree.details ? prose(tree.details) : ''].filter(Boolean).join('\n')),
    section(
      'COMMANDS',
      tree.commands.map((c) => item(`${c.path}`, `${c.summary}\nSee ${seeAlso(c.path)}.`)).join('\n'),
    ),
    section(
      'GLOBAL OPTIONS',
      tree.globalOptions
        .map((o) => item(o.usage, `${o.help}${o.values ? ` (one of: ${o.values.join(', ')})` : ''}`))
        .join('\n'),
    ),
    section('EXIT STATUS', tree.exitCodes.map((e) => item(String(e.code), e.meaning)).join('\n')),
    examples(tree.examples),
    section(
      'SEE ALSO',
      roff(
        `${tree.commands.map((c) => seeAlso(c.path)).join(', ')}; pwctl help <topic> for the guide (pwctl help topics lists them).`,
      ),
    ),
  ]);
}

function commandPage(tree: ProgramDoc, command: CommandDoc): string {
  const name = pageName(command.path);
  const parent = command.path.split(' ').slice(0, -1).join(' ');
  const aliases = command.aliases.length > 0 ? `Also: ${command.aliases.join(', ')}.` : '';
  const description = [roff(command.summary), command.details ? prose(command.details) : '', roff(aliases)]
    .filter(Boolean)
    .join('\n.PP\n');
  if (command.kind === 'noun')
    return page(name, [
      section('NAME', `${roff(name)} \\- ${roff(command.summary)}`),
      section('SYNOPSIS', `.B ${roff(command.path)}\n<command> [options]`),
      section('DESCRIPTION', description),
      section(
        'COMMANDS',
        command.commands.map((c) => item(c.path, `${c.summary}\nSee ${seeAlso(c.path)}.`)).join('\n'),
      ),
      examples(command.examples),
      section('SEE ALSO', roff([seeAlso(parent), ...command.commands.map((c) => seeAlso(c.path))].join(', '))),
    ]);
  const globals = tree.globalOptions.filter((o) => o.names.some((n) => command.globalOptions.includes(n)));
  return page(name, [
    section('NAME', `${roff(name)} \\- ${roff(command.summary)}`),
    section('SYNOPSIS', `.B ${roff(command.path)}\n${roff(command.usage.slice(command.path.length + 1))}`),
    section('DESCRIPTION', description),
    command.flags.length > 0 ? section('OPTIONS', command.flags.map(flagItem).join('\n')) : '',
    section('GLOBAL OPTIONS', globals.map((o) => item(o.usage, o.help)).join('\n')),
    examples(command.examples),
    section('EXIT STATUS', roff('0 on success; the other codes are listed in pwctl(1) and by pwctl help exit-codes.')),
    section('SEE ALSO', roff(`${seeAlso(parent)}, pwctl(1)`)),
  ]);
}

function flagItem(flag: FlagDoc): string {
  const facts = [
    flag.required ? 'Required.' : '',
    flag.default !== undefined ? `Default: ${String(flag.default)}.` : '',
    flag.values ? `One of: ${flag.values.join(', ')}.` : '',
    flag.stdin ? 'A lone - reads them from standard input.' : '',
  ].filter(Boolean);
  const options = flag.options?.map((o) => `${o.name}${o.placeholder ? ` ${o.placeholder}` : ''}: ${o.help}`) ?? [];
  return item(flag.usage, [...(options.length > 0 ? options : [flag.help]), ...facts].join('\n'));
}

function page(name: string, sections: readonly string[]): string {
  const header = [
    '.\\" Generated from the command declarations by `npm run docs` (pwctl help --man); do not edit.',
    // No version or date: the pages are committed, and the same whatever build prints them.
    `.TH "${name.toUpperCase()}" "1" "" "pwctl" "${TITLE}"`,
    '.nh',
    '.ad l',
  ];
  return `${[...header, ...sections.filter(Boolean)].join('\n')}\n`;
}

function section(title: string, body: string): string {
  return `.SH ${title}\n${body}`;
}

/** A tagged paragraph: the term in bold, then its text. */
function item(term: string, text: string): string {
  return `.TP\n.B ${roff(term)}\n${text.split('\n').map(roff).join('\n.br\n')}`;
}

function examples(lines: readonly string[]): string {
  return lines.length === 0 ? '' : section('EXAMPLES', `.PP\n.RS 4\n.nf\n${lines.map(roff).join('\n')}\n.fi\n.RE`);
}

/** Text of paragraphs separated by blank lines: filled, except those whose lines are indented (kept as they are). */
function prose(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) =>
      /^\s/m.test(paragraph) ? `.nf\n${paragraph.split('\n').map(roff).join('\n')}\n.fi` : roff(paragraph),
    )
    .join('\n.PP\n');
}

function seeAlso(path: string): string {
  return `${pageName(path)}(1)`;
}

/** Text roff prints as it is: backslashes and hyphens escaped, no line taken for a request. */
export function roff(text: string): string {
  return text
    .replaceAll('\\', '\\e')
    .replaceAll('-', '\\-')
    .split('\n')
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join('\n');
}
