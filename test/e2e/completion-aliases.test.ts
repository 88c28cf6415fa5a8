// Completion knows the user's aliases (issue 32), in real shells: `pwctl <TAB>` offers them
// after the commands (zsh and fish show what each runs), and the words after an alias complete
// as the command line it runs — its flags, their values, and the ids a placeholder stands for.
// The completer reads the aliases from the config file at TAB; it never loads the program.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConfigDir, runCli } from '../helpers/cli.js';
import { CONTRACT_COMMANDS } from '../helpers/contract.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';
import { bashComplete, fishComplete, missing, shellEnv, title, zshComplete } from '../helpers/shell-completion.js';

const ALIASES = {
  mine: 'steps list --assignee maya --sort due_date',
  due: 'steps update $1 --due $2',
};

const cli = useSandboxCli();
const work = mkdtempSync(join(tmpdir(), 'pwctl-alias-shells-'));
const configDir = makeConfigDir();
let env: Record<string, string>;

beforeAll(async () => {
  env = shellEnv(work, { PWCTL_CONFIG_DIR: configDir, PWCTL_BASE_URL: cli.sb.baseUrl });
  for (const [name, expansion] of Object.entries(ALIASES)) {
    const r = await runCli(['alias', 'set', name, expansion], { configDir });
    expect(r.code, r.stderr).toBe(0);
  }
  // Task ids for the completion of `due <TAB>` (its $1 is `steps update <id>`).
  const r = await cli.pw(['steps', 'list', '--limit', '3'], { configDir });
  expect(r.code).toBe(0);
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(configDir, { recursive: true, force: true });
});

const COMMANDS_THEN_ALIASES = [...CONTRACT_COMMANDS, 'due', 'mine'];

describe.skipIf(missing.bash)(title('bash'), () => {
  const complete = (line: string) => bashComplete(line, env);

  it('offers the aliases after the commands, and by their first letters', async () => {
    expect(await complete('pwctl ')).toEqual(COMMANDS_THEN_ALIASES);
    expect(await complete('pwctl mi')).toEqual(['milestones', 'mine']);
  });

  it("completes the words after an alias as its expansion's: flags, and their values", async () => {
    expect(await complete('pwctl mine --so')).toEqual(['--sort']);
    expect(await complete('pwctl mine --sort du')).toEqual(['due_date']);
    expect(await complete('pwctl --profile default mine --li')).toEqual(['--limit']);
  });

  it('completes a placeholder as what it stands for: $1 of `steps update $1 --due $2` is a task id', async () => {
    expect(await complete('pwctl due ')).toEqual(['101', '102', '103']);
    // Past the placeholders, the words are appended: the flags of steps update.
    expect(await complete('pwctl due 101 +3d --dr')).toEqual(['--draft', '--dry-run']);
  });

  it('completes the stored names after `alias delete`', async () => {
    expect(await complete('pwctl alias delete ')).toEqual(['due', 'mine']);
  });
});

describe.skipIf(missing.zsh)(title('zsh'), () => {
  it('offers the aliases with what each runs, and completes after one as its expansion', async () => {
    const found = await zshComplete('pwctl ', env);
    expect(found.map(([m]) => m).sort()).toEqual([...COMMANDS_THEN_ALIASES].sort());
    expect(found.find(([m]) => m === 'mine')![1]).toMatch(
      /^mine +-- alias: steps list --assignee maya --sort due_date$/,
    );
    expect((await zshComplete('pwctl mine --so', env)).map(([m]) => m)).toEqual(['--sort']);
  });
});

describe.skipIf(missing.fish)(title('fish'), () => {
  it('offers the aliases with what each runs, and completes after one as its expansion', async () => {
    const found = await fishComplete('pwctl ', env);
    expect(found).toContain('mine\talias: steps list --assignee maya --sort due_date');
    expect(found).toContain('due\talias: steps update $1 --due $2');
    expect((await fishComplete('pwctl mine --so', env)).map((l) => l.split('\t')[0])).toEqual(['--sort']);
  });
});
