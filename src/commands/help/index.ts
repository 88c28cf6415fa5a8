import type { Command } from 'commander';
import { UsageError } from '../../errors.js';

export function registerHelp(program: Command): void {
  program
    .command('help')
    .description('help for a command, or a reference topic: exit-codes, environment, formatting')
    .argument('[topic...]', 'a command path (steps list) or a topic')
    .action(async (topic: string[]) => {
      const { TOPICS } = await import('./topics.js');
      const name = topic.join(' ');
      const text = TOPICS[name];
      if (text) {
        process.stdout.write(text);
        return;
      }
      let command: Command = program;
      for (const word of topic) {
        const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!next) throw new UsageError(`no help for ${JSON.stringify(name)}; topics: ${Object.keys(TOPICS).join(', ')}, or a command such as \`pwctl help steps list\``);
        command = next;
      }
      command.outputHelp();
    });
}
