// docs/commands.md: every command's help, derived from the declarations like the help itself
// (`npm run docs` writes it; a test fails when the file and the declarations disagree).
import type { Command } from 'commander';
import { buildProgram } from './program.js';

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
