// `pwctl help <topic>`: a guide page (docs/guide/<topic>.md, laid out for the terminal), the
// list of them (`pwctl help topics`), or the help of a command path (`pwctl help steps list`),
// which the program built for this command line. `--json` prints the command tree and `--man`
// a manual page, both from the declarations.
import type { Command } from 'commander';
import type { TopLevel } from '../commands/declare.js';
import { UsageError } from '../errors.js';
import type { IO } from '../io/io.js';
import { escapeBlock, terminalText } from '../io/sanitize.js';
import { guideText } from './guide-text.js';
import { TOPICS, topicTitle } from './help-topics.js';

export interface HelpOptions {
  json?: boolean;
  man?: boolean;
}

/** The most columns a guide page is filled to, however wide the terminal. */
const MAX_WIDTH = 100;
/** Into a pipe or a file, or when the terminal does not say. */
const DEFAULT_WIDTH = 80;

export async function showHelp(
  program: Command,
  topic: readonly string[],
  io: IO,
  options: HelpOptions,
  commands: readonly TopLevel[],
): Promise<void> {
  const name = topic.join(' ');
  if (options.json || options.man) return reference(topic, io, options, commands);
  if (name === 'topics') return io.out(io.stdoutText(topicList()));
  const page = TOPICS[name];
  if (page !== undefined) {
    const width = Math.min(MAX_WIDTH, (io.stdoutIsTTY ? io.stdoutColumns : undefined) ?? DEFAULT_WIDTH);
    // Our own text, but it goes to a terminal all the same: escaped before the layout adds bold.
    const source = io.stdoutIsTTY ? escapeBlock(page) : page;
    await io.out(terminalText(guideText(source, { width, bold: io.stdoutColor > 0 })));
    return;
  }
  let command: Command = program;
  for (const word of topic) {
    const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) throw new UsageError(`no help for ${JSON.stringify(name)}; ${seeTopics()}`);
    command = next;
  }
  command.outputHelp();
}

/** `pwctl help --json [command]` or `--man [command]`: the tree, or a node of it, from the declarations. */
async function reference(
  topic: readonly string[],
  io: IO,
  options: HelpOptions,
  commands: readonly TopLevel[],
): Promise<void> {
  if (options.json && options.man) throw new UsageError('--json and --man cannot be used together: choose one');
  const { commandTree, findCommand } = await import('./command-tree.js');
  const tree = await commandTree(commands);
  const helpTopics = Object.keys(TOPICS).map((name) => ({ name, title: topicTitle(name) }));
  const node = topic.length === 0 ? { ...tree, helpTopics } : findCommand(tree, topic);
  const unknown = () =>
    new UsageError(
      `${options.json ? '--json' : '--man'} takes a command path, such as \`pwctl help ${options.json ? '--json' : '--man'} steps list\`; no command is named ${JSON.stringify(topic.join(' '))}`,
    );
  if (!node) throw unknown();
  if (options.json) return io.out(io.stdoutText(`${JSON.stringify(node, null, 2)}\n`));
  const { manPageOf } = await import('./man-page.js');
  const page = manPageOf(tree, topic);
  if (page === undefined) throw unknown();
  await io.out(io.stdoutText(page));
}

function topicList(): string {
  const names = Object.keys(TOPICS);
  const width = Math.max(...names.map((n) => n.length));
  const lines = names.map((n) => `  ${n.padEnd(width)}  ${topicTitle(n)}`);
  return `Guide topics (pwctl help <topic>):\n\n${lines.join('\n')}\n\nAnd the help of any command: pwctl help steps list\n`;
}

function seeTopics(): string {
  return `topics: ${Object.keys(TOPICS).join(', ')} (pwctl help topics), or a command such as \`pwctl help steps list\``;
}
