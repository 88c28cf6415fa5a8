import { Argument, type Command } from 'commander';
import { COMPLETION_SHELLS, type CompletionShell } from '../../completion/shells.js';
import { action, type Session } from '../action.js';

export function registerCompletion(program: Command, session: Session): void {
  program
    .command('completion')
    .description('print the shell completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'the shell to print the script for').choices(COMPLETION_SHELLS))
    .addHelpText(
      'after',
      `
Install (then open a new shell):
  bash  pwctl completion bash > ~/.local/share/bash-completion/completions/pwctl
  zsh   pwctl completion zsh > "\${fpath[1]}/_pwctl"
  fish  pwctl completion fish > ~/.config/fish/completions/pwctl.fish

The script asks pwctl for candidates at each TAB (commands, flags, values, and ids of records
recently listed in this profile; \`pwctl config set completion_cache false\` turns the ids off).
It never contacts the service.`,
    )
    .action(action(session, async (ctx, shell: CompletionShell) => (await import('./script.js')).run(ctx, shell)));
}
