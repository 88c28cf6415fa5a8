// `pwctl completion <shell>`: the shell completion script, declared once.
import { COMPLETION_SHELLS } from '../../completion/shells.js';
import { bind, verb } from '../declare.js';
import { oneOf } from '../flags.js';

export const completionVerb = verb({
  name: 'completion',
  summary: 'print the shell completion script for bash, zsh or fish',
  details: `Install (then open a new shell):
  bash  pwctl completion bash > ~/.local/share/bash-completion/completions/pwctl
  zsh   pwctl completion zsh > "\${fpath[1]}/_pwctl"
  fish  pwctl completion fish > ~/.config/fish/completions/pwctl.fish

The script asks pwctl for candidates at each TAB (commands, flags, values, and ids of records
recently listed in this profile; \`pwctl config set completion_cache false\` turns the ids off).
It never contacts the service.`,
  flags: { shell: oneOf('<shell>', COMPLETION_SHELLS, 'the shell to print the script for', { required: true }) },
  examples: ['pwctl completion bash > ~/.local/share/bash-completion/completions/pwctl'],
  effects: { offline: true, prints: 'text' },
});

export const completion = bind(completionVerb, () => import('./script.js'));
