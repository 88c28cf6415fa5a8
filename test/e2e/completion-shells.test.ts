// The committed completion scripts inside real shells (driven as ../helpers/shell-completion.ts
// says: bash with bash-completion, zsh through a pseudo-terminal and a real TAB, fish's
// `complete -C`). A `pwctl` on PATH runs the built CLI; ids come from the cache that
// `steps list` against the sandbox wrote. Each shell's tests skip, saying why, when it is
// not installed (.ci/run installs bash-completion, zsh and fish from Debian's packages).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConfigDir, ROOT } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';
import { CONTRACT_COMMANDS } from '../helpers/contract.js';
import {
  BASH_COMPLETION,
  bashComplete,
  fishComplete,
  missing,
  run as runShell,
  shellEnv,
  title,
  zshComplete,
} from '../helpers/shell-completion.js';

const NOUNS = [...CONTRACT_COMMANDS].sort();
const VERBS = [
  'complete',
  'create',
  'delete',
  'edit',
  'get',
  'import',
  'list',
  'move',
  'reopen',
  'reorder',
  'update',
  'wait',
];
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
  // Cached ids belong to a service: the one the list below printed them from.
  env = shellEnv(work, { PWCTL_CONFIG_DIR: configDir, PWCTL_BASE_URL: cli.sb.baseUrl });
  const r = await cli.pw(['steps', 'list', '--limit', '3'], { configDir });
  expect(r.code).toBe(0);
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(configDir, { recursive: true, force: true });
});

function run(command: string, args: string[], extraEnv: Record<string, string> = {}): Promise<string> {
  return runShell(command, args, { ...env, ...extraEnv });
}

describe.skipIf(missing.bash)(title('bash'), () => {
  const complete = (line: string, options?: { bashCompletion?: boolean }) => bashComplete(line, env, options);

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
  const complete = (line: string) => zshComplete(line, env);
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
  const complete = (line: string) => fishComplete(line, env);
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
