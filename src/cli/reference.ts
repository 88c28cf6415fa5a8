// The generated reference, derived from the declarations like the help itself: docs/commands.md
// (every command's help), the man pages (man/*.1) and the lists between markers in the docs
// (./doc-regions.ts). `npm run docs` writes them (scripts/commands-reference.mjs); a test fails
// when a committed file and the declarations disagree.
import type { Command } from 'commander';
import { commandTree } from './command-tree.js';
import { docRegions, fillRegions } from './doc-regions.js';
import { manPages } from './man-page.js';
import { buildProgram, COMMANDS } from './program.js';

export interface GeneratedDocs {
  /** Whole files, by path from the repository's root. */
  files: Record<string, string>;
  /** A Markdown page with its generated regions filled in. */
  fillRegions(markdown: string): string;
}

export async function generatedDocs(): Promise<GeneratedDocs> {
  const [reference, tree, regions] = await Promise.all([
    commandReference(),
    commandTree(COMMANDS),
    docRegions(COMMANDS),
  ]);
  const files: Record<string, string> = { 'docs/commands.md': reference };
  for (const [name, page] of Object.entries(manPages(tree))) files[`man/${name}`] = page;
  return { files, fillRegions: (markdown) => fillRegions(markdown, regions) };
}

/** Help is laid out for this width, so the reference reads the same on every machine. */
const WIDTH = 100;

export async function commandReference(): Promise<string> {
  const readOnly = () => {
    throw new Error('the command reference is only read, never run');
  };
  const program = await buildProgram({ factory: readOnly, io: readOnly });
  const sections: string[] = [
    '# pwctl command reference',
    '',
    'Generated from the command declarations (`src/commands/*/index.ts`) by `npm run docs`; do not edit by hand.',
    'Every command below also prints this with `--help`.',
    '',
  ];
  for (const command of walk(program)) {
    const path = pathOf(command);
    sections.push(`## ${path}`, '', '```text', helpOf(command).trimEnd(), '```', '');
  }
  return `${sections.join('\n').trimEnd()}\n`;
}

function* walk(command: Command): Generator<Command> {
  yield command;
  for (const sub of command.commands) yield* walk(sub);
}

function pathOf(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

function helpOf(command: Command): string {
  let text = '';
  command.configureOutput({
    getOutHelpWidth: () => WIDTH,
    getErrHelpWidth: () => WIDTH,
    getOutHasColors: () => false,
    getErrHasColors: () => false,
    writeOut: (s) => void (text += s),
  });
  command.outputHelp();
  return text;
}
