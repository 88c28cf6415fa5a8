// `pwctl completion <shell>`: the shell completion script, declared once (its name and summary
// are its entry in ../registry.ts).
import { COMPLETION_SHELLS, INSTALL_STEPS } from '../../completion/shells.js';
import { bind, verbBody } from '../declare.js';
import { oneOf } from '../flags.js';

export const completionVerb = verbBody({
  details: `Install (then open a new shell):
${COMPLETION_SHELLS.map((shell) => {
  const { run, rc } = INSTALL_STEPS[shell];
  return `  ${shell.padEnd(6)}${run}${rc ? `\n       and in ~/.${shell}rc, before anything that completes: ${rc}` : ''}`;
}).join('\n')}
  bash needs the bash-completion package (Debian/Ubuntu: bash-completion; macOS: brew install bash-completion@2).

The script asks pwctl for candidates at each TAB (commands, flags, values, and ids of records
recently listed in this profile; \`pwctl config set completion_cache false\` turns the ids off).
It never contacts the service.`,
  flags: () => ({
    shell: oneOf('<shell>', COMPLETION_SHELLS, 'the shell to print the script for', { required: true }),
  }),
  examples: [INSTALL_STEPS.bash.run, 'eval "$(pwctl completion bash)"   # this shell only'],
  effects: { offline: true, prints: 'text' },
});

export const completion = bind(completionVerb, () => import('./script.js'));
