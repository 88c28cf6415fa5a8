// The committed completion scripts inside real shells: bash with bash-completion (the
// completion function called with COMP_WORDS/COMP_CWORD as readline would set them), zsh's
// completion system driven through a pseudo-terminal (zsh/zpty, compinit, a real TAB), and
// fish's `complete -C`. A `pwctl` on PATH runs the built CLI; ids come from the cache that
// `steps list` against the sandbox wrote. Each shell's tests skip, saying why, when it is
// not installed (.ci/run installs bash-completion, zsh and fish from Debian's packages).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PROGRAM, makeConfigDir, ROOT } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';
import { CONTRACT_COMMANDS } from '../helpers/contract.js';

const BASH_COMPLETION = '/usr/share/bash-completion/bash_completion';
const installed = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
const missing = {
  bash: !installed('bash')
    ? 'bash is not installed'
    : !existsSync(BASH_COMPLETION)
      ? `bash-completion is not installed (${BASH_COMPLETION})`
      : undefined,
  zsh: installed('zsh') ? undefined : 'zsh is not installed',
  fish: installed('fish') ? undefined : 'fish is not installed',
};
const title = (shell: keyof typeof missing) => (missing[shell] ? `${shell} (skipped: ${missing[shell]})` : shell);

const NOUNS = [...CONTRACT_COMMANDS].sort();
const VERBS = ['complete', 'create', 'delete', 'edit', 'get', 'import', 'list', 'move', 'reopen', 'reorder', 'update'];
const LIST_FLAGS = [
  '--company',
  '--completed',
  '--open',
  '--has-due-date',
  '--no-due-date',
  '--include',
  '--project',
  '--phase',
  '--search',
  '--sort',
  '--limit',
  '--all',
  '--output',
  '--fields',
  '--quiet',
];
const FORMATS = ['csv', 'json', 'ndjson', 'table', 'yaml'];

const cli = useSandboxCli();
const work = mkdtempSync(join(tmpdir(), 'pwctl-shells-'));
const configDir = makeConfigDir();
let env: Record<string, string>;

beforeAll(async () => {
  // `pwctl` as installed: an executable on PATH (node's directory too, for its #! line).
  const binDir = join(work, 'bin');
  mkdirSync(binDir);
  symlinkSync(CLI_PROGRAM, join(binDir, 'pwctl'));
  env = {
    PATH: [binDir, dirname(process.execPath), process.env.PATH ?? '/usr/bin:/bin'].join(delimiter),
    HOME: work,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    PWCTL_CONFIG_DIR: configDir,
    // Cached ids belong to a service: the one the list below printed them from.
    PWCTL_BASE_URL: cli.sb.baseUrl,
  };
  const r = await cli.pw(['steps', 'list', '--limit', '3'], { configDir });
  expect(r.code).toBe(0);
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(configDir, { recursive: true, force: true });
});

function run(command: string, args: string[], extraEnv: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
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

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe.skipIf(missing.bash)(title('bash'), () => {
  /** COMP_WORDS as readline splits the line: at blanks, and around '=' and ':' (COMP_WORDBREAKS). */
  function compWords(line: string): string[] {
    const words = line
      .split(' ')
      .flatMap((w) => w.split(/([=:])/))
      .filter((w) => w !== '');
    if (line.endsWith(' ') || /[=:]$/.test(line)) words.push('');
    return words;
  }

  /** Source bash-completion and the script, call the function `complete -p pwctl` names, print COMPREPLY. */
  async function complete(line: string, { bashCompletion = true } = {}): Promise<string[]> {
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
    return (await run('bash', ['-c', script])).split('\n').filter((l) => l !== '');
  }

  it('completes the nouns after `pwctl `', async () => {
    expect((await complete('pwctl ')).sort()).toEqual(NOUNS);
  });

  it('completes the verbs after `pwctl steps `', async () => {
    expect((await complete('pwctl steps ')).sort()).toEqual(VERBS);
  });

  it('completes the flags after `pwctl steps list --`', async () => {
    const flags = await complete('pwctl steps list --');
    expect(flags).toEqual(expect.arrayContaining(LIST_FLAGS));
    expect(flags.every((f) => f.startsWith('--'))).toBe(true);
  });

  it('completes the output formats after `-o `, and after --output= (only the part readline replaces)', async () => {
    expect((await complete('pwctl steps list -o ')).sort()).toEqual(FORMATS);
    expect(await complete('pwctl steps list --output=j')).toEqual(['json']);
  });

  it('completes cached task ids after `pwctl steps complete `', async () => {
    expect(await complete('pwctl steps complete ')).toEqual(['101', '102', '103']);
    expect(await complete('pwctl steps complete 101 10')).toEqual(['102', '103']);
  });

  it('completes file names where a flag reads a file', async () => {
    expect(await complete(`pwctl steps create --content-file ${join(ROOT, 'completions', 'pwctl.b')}`)).toEqual([
      join(ROOT, 'completions', 'pwctl.bash'),
    ]);
  });

  it('still works without bash-completion, from COMP_LINE', async () => {
    expect(await complete('pwctl steps ', { bashCompletion: false })).toEqual(
      expect.arrayContaining(['list', 'complete']),
    );
    expect(await complete('pwctl steps list --output=j', { bashCompletion: false })).toEqual(['json']);
    expect(await complete('pwctl steps complete 102 ', { bashCompletion: false })).toEqual(['101', '103']);
  });
});

describe.skipIf(missing.zsh)(title('zsh'), () => {
  // An interactive `zsh -f` in a pseudo-terminal runs compinit with completions/ on $fpath,
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

  /** [match, display] pairs zsh's completion system produced for the line. */
  async function complete(line: string): Promise<Array<[string, string]>> {
    const setup = join(work, 'setup.zsh');
    const drive = join(work, 'drive.zsh');
    writeFileSync(setup, SETUP);
    writeFileSync(drive, DRIVE);
    const capture = join(work, `capture-${++counter}`);
    writeFileSync(capture, '');
    await run('zsh', ['-f', drive, setup, line], { PWCTL_CAPTURE: capture });
    return readFileSync(capture, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => l.split('\t') as [string, string]);
  }
  const matches = async (line: string) => (await complete(line)).map(([m]) => m);

  it('completes the nouns after `pwctl `, with their descriptions', async () => {
    const found = await complete('pwctl ');
    expect(found.map(([m]) => m).sort()).toEqual(NOUNS);
    expect(found.find(([m]) => m === 'steps')![1]).toMatch(/^steps +-- tasks of project phases/);
  });

  it('completes the verbs after `pwctl steps `', async () => {
    expect((await matches('pwctl steps ')).sort()).toEqual(VERBS);
  });

  it('completes the flags after `pwctl steps list --`', async () => {
    const flags = await matches('pwctl steps list --');
    expect(flags).toEqual(expect.arrayContaining(LIST_FLAGS));
    expect(flags.every((f) => f.startsWith('--'))).toBe(true);
  });

  it('completes the output formats after `-o ` and after --output=', async () => {
    expect((await matches('pwctl steps list -o ')).sort()).toEqual(FORMATS);
    expect(await matches('pwctl steps list --output=j')).toEqual(['--output=json']);
  });

  it('completes cached task ids after `pwctl steps complete `, showing their titles', async () => {
    const found = await complete('pwctl steps complete ');
    expect(found.map(([m]) => m).sort()).toEqual(['101', '102', '103']);
    expect(found.find(([m]) => m === '102')![1]).toMatch(/^102 +-- Collect brand assets$/);
  });
});

describe.skipIf(missing.fish)(title('fish'), () => {
  /** `complete -C` on the line: the candidates fish would offer, as `value` or `value<TAB>description`. */
  async function complete(line: string): Promise<string[]> {
    const script = `source ${sq(join(ROOT, 'completions', 'pwctl.fish'))}; complete -C $PWCTL_LINE`;
    return (await run('fish', ['--no-config', '-c', script], { PWCTL_LINE: line })).split('\n').filter((l) => l !== '');
  }
  const values = async (line: string) => (await complete(line)).map((l) => l.split('\t')[0]!);

  it('completes the nouns after `pwctl `, with their descriptions', async () => {
    const found = await complete('pwctl ');
    expect(found.map((l) => l.split('\t')[0]).sort()).toEqual(NOUNS);
    expect(found).toContain('tags\tthe tags of a task: list, add, set, remove');
  });

  it('completes the verbs after `pwctl steps `', async () => {
    expect((await values('pwctl steps ')).sort()).toEqual(VERBS);
  });

  it('completes the flags after `pwctl steps list --`', async () => {
    const flags = await values('pwctl steps list --');
    expect(flags).toEqual(expect.arrayContaining(LIST_FLAGS));
    expect(flags.every((f) => f.startsWith('--'))).toBe(true);
  });

  it('completes the output formats after `-o `, and comma lists after the last comma', async () => {
    expect((await values('pwctl steps list -o ')).sort()).toEqual(FORMATS);
    expect(await values('pwctl steps list --include content,')).toEqual(['content,tags']);
  });

  it('completes cached task ids after `pwctl steps complete `, with their titles', async () => {
    expect(await complete('pwctl steps complete ')).toEqual([
      '101\tKickoff call with Acme',
      '102\tCollect brand assets',
      '103\tStakeholder interviews',
    ]);
  });
});

describe('the install steps of `completion --help`, followed by a user with an empty home directory', () => {
  // The steps are taken from the declaration that help prints, so help and this test cannot drift.
  let home: string;
  let homeEnv: Record<string, string>;
  beforeAll(async () => {
    const { INSTALL_STEPS } = await import('../../src/completion/shells.js');
    home = mkdtempSync(join(tmpdir(), 'pwctl-home-'));
    homeEnv = { HOME: home, XDG_DATA_HOME: '', XDG_CONFIG_HOME: '' };
    for (const [shell, { run: step }] of Object.entries(INSTALL_STEPS)) {
      if (!missing[shell as keyof typeof missing]) await run('sh', ['-c', step], homeEnv);
    }
    rcLine = INSTALL_STEPS.zsh.rc!;
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));
  let rcLine = '';

  it.skipIf(missing.bash)('bash: bash-completion finds the script on first use', async () => {
    expect(readFileSync(join(home, '.local/share/bash-completion/completions/pwctl'), 'utf8')).toBe(
      readFileSync(join(ROOT, 'completions', 'pwctl.bash'), 'utf8'),
    );
    // The loader bash-completion runs on the first TAB of a command it has no completion for.
    const out = await run(
      'bash',
      [
        '-c',
        `source ${BASH_COMPLETION}; if declare -F _comp_load >/dev/null; then _comp_load pwctl; else __load_completion pwctl; fi; complete -p pwctl`,
      ],
      homeEnv,
    );
    expect(out).toMatch(/^complete .* pwctl$/m);
  });

  it.skipIf(missing.zsh)('zsh: with the line for ~/.zshrc, compinit registers _pwctl', async () => {
    const out = await run('zsh', ['-f', '-c', `${rcLine}; print -r -- \${_comps[pwctl]}`], homeEnv);
    expect(out.trim()).toBe('_pwctl');
  });

  it.skipIf(missing.fish)('fish: completes from the script it loads by itself', async () => {
    const out = await run('fish', ['-c', 'complete -C "pwctl vers"'], homeEnv);
    expect(out.split('\n').map((l) => l.split('\t')[0])).toContain('version');
  });
});
