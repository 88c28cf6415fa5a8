// The committed completion scripts inside real shells, for the tests that drive them
// (completion-shells.test.ts, completion-aliases.test.ts): bash with bash-completion (the
// completion function called with COMP_WORDS/COMP_CWORD as readline would set them), zsh's
// completion system driven through a pseudo-terminal (zsh/zpty, compinit, a real TAB), and
// fish's `complete -C`. Each shell's tests skip, saying why, when it is not installed (.ci/run
// installs bash-completion, zsh and fish from Debian's packages).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { CLI_PROGRAM, ROOT } from './cli.js';

export const BASH_COMPLETION = '/usr/share/bash-completion/bash_completion';
const installed = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
export const missing = {
  bash: !installed('bash')
    ? 'bash is not installed'
    : !existsSync(BASH_COMPLETION)
      ? `bash-completion is not installed (${BASH_COMPLETION})`
      : undefined,
  zsh: installed('zsh') ? undefined : 'zsh is not installed',
  fish: installed('fish') ? undefined : 'fish is not installed',
};
export const title = (shell: keyof typeof missing) =>
  missing[shell] ? `${shell} (skipped: ${missing[shell]})` : shell;

export const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A user's shell environment in `work`: `pwctl` as installed (an executable on PATH, node's
 * directory too, for its #! line), and the config directory given.
 */
export function shellEnv(work: string, env: Record<string, string>): Record<string, string> {
  const binDir = join(work, 'bin');
  mkdirSync(binDir, { recursive: true });
  if (!existsSync(join(binDir, 'pwctl'))) symlinkSync(CLI_PROGRAM, join(binDir, 'pwctl'));
  return {
    PATH: [binDir, dirname(process.execPath), process.env.PATH ?? '/usr/bin:/bin'].join(delimiter),
    HOME: work,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    ...env,
  };
}

export function run(command: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`${command} exited ${code}: ${Buffer.concat(err).toString()}`));
      else resolve(Buffer.concat(out).toString('utf8'));
    });
  });
}

/** COMP_WORDS as readline splits the line: at blanks, and around '=' and ':' (COMP_WORDBREAKS). */
function compWords(line: string): string[] {
  const words = line
    .split(' ')
    .flatMap((w) => w.split(/([=:])/))
    .filter((w) => w !== '');
  if (line.endsWith(' ') || /[=:]$/.test(line)) words.push('');
  return words;
}

/** bash: source bash-completion and the script, call the function `complete -p pwctl` names, print COMPREPLY. */
export async function bashComplete(
  line: string,
  env: Record<string, string>,
  { bashCompletion = true } = {},
): Promise<string[]> {
  const words = compWords(line);
  const script = [
    bashCompletion ? `source ${BASH_COMPLETION}` : ':',
    `source ${sq(join(ROOT, 'completions', 'pwctl.bash'))}`,
    `fn=$(complete -p pwctl | sed -n 's/.*-F \\([^ ]*\\) .*/\\1/p')`,
    `COMP_LINE=${sq(line)}; COMP_POINT=${line.length}; COMP_WORDS=(${words.map(sq).join(' ')}); COMP_CWORD=${words.length - 1}`,
    `COMPREPLY=()`,
    `"$fn" pwctl "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"`,
    `printf '%s\\n' "\${COMPREPLY[@]}"`,
  ].join('\n');
  return (await run('bash', ['-c', script], env)).split('\n').filter((l) => l !== '');
}

// zsh: an interactive `zsh -f` in a pseudo-terminal runs compinit with completions/ on $fpath,
// then receives the line and a real TAB. compadd is wrapped to record each match and its
// display text (what the menu would show) in a file; after the completion the shell exits.
const SETUP = `
PROMPT='' RPROMPT='' PS2=''
fpath=(${sq(join(ROOT, 'completions'))} $fpath)
autoload -Uz compinit && compinit -u -D
bindkey '^I' complete-word
zstyle ':completion:*' list-grouped false
compadd() {
  # Calls that only gather matches into arrays (-O, -A, -D) are internal steps.
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
    builtin compadd "$@"
    return
  fi
  local -a __hits __display
  if (( $@[(I)-d] )); then
    local __name=\${@[$(( \${@[(i)-d]} + 1 ))]}
    if [[ $__name == \\(* ]]; then eval "__display=$__name"; else __display=( "\${(@P)__name}" ); fi
  fi
  builtin compadd -A __hits -D __display "$@"
  (( $#__hits )) || return 1
  local i
  for i in {1..$#__hits}; do print -r -- "$__hits[i]"$'\\t'"$__display[i]" >> $PWCTL_CAPTURE; done
}
__capture_done() { exit }
comppostfuncs=( __capture_done )
print ready-for-completion
`;
const DRIVE = `
zmodload zsh/zpty
zpty shell zsh -f -i
zpty -w shell "source \${(q)1}"
local line
repeat 200; do
  zpty -r shell line || break
  [[ $line == ready-for-completion* ]] && break
done
zpty -w -n shell "$2"$'\\t'
while zpty -r shell line; do :; done
zpty -d shell
`;
let counter = 0;

/** zsh: [match, display] pairs its completion system produced for the line. */
export async function zshComplete(line: string, env: Record<string, string>): Promise<Array<[string, string]>> {
  const work = mkdtempSync(join(tmpdir(), 'pwctl-zsh-'));
  const setup = join(work, 'setup.zsh');
  const drive = join(work, 'drive.zsh');
  writeFileSync(setup, SETUP);
  writeFileSync(drive, DRIVE);
  const capture = join(work, `capture-${++counter}`);
  writeFileSync(capture, '');
  await run('zsh', ['-f', drive, setup, line], { ...env, PWCTL_CAPTURE: capture });
  return readFileSync(capture, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split('\t') as [string, string]);
}

/** fish: `complete -C` on the line, the candidates it would offer, as `value` or `value<TAB>description`. */
export async function fishComplete(line: string, env: Record<string, string>): Promise<string[]> {
  const script = `source ${sq(join(ROOT, 'completions', 'pwctl.fish'))}; complete -C $PWCTL_LINE`;
  return (await run('fish', ['--no-config', '-c', script], { ...env, PWCTL_LINE: line }))
    .split('\n')
    .filter((l) => l !== '');
}
