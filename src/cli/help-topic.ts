// `pwctl help <topic>`: a reference topic (exit codes, environment, formatting), or the help
// of a command path (`pwctl help steps list`), which the program built for this command line.
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { IO } from '../io/io.js';
import { TOPICS } from './help-topics.js';

export async function showHelp(program: Command, topic: readonly string[], io: IO): Promise<void> {
  const name = topic.join(' ');
  const text = TOPICS[name];
  if (text) {
    await io.out(io.stdoutText(text));
    return;
  }
  let command: Command = program;
  for (const word of topic) {
    const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next)
      throw new UsageError(
        `no help for ${JSON.stringify(name)}; topics: ${Object.keys(TOPICS).join(', ')}, or a command such as \`pwctl help steps list\``,
      );
    command = next;
  }
  command.outputHelp();
}
