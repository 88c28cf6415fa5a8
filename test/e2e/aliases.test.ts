// `pwctl alias set/list/delete` and running an alias (issue 32, as gh's aliases): the alias is
// expanded before parsing, `$1`… take the words typed after it and the rest are appended, the
// expansion is split as a shell splits words; an alias cannot take a command's name, a bad
// name or an expansion that runs no command is refused before anything is stored, and
// processes setting aliases at once lose none (the store's lock).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeConfigDir, runCli } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();

/** The CLI in-process with one config directory for the whole test. */
function user() {
  const configDir = makeConfigDir();
  const pw = (args: string[], opts: { stdin?: string } = {}) => cli.pw(args, { configDir, ...opts });
  const stored = () => JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).aliases;
  return { configDir, pw, stored };
}

async function ok(promise: ReturnType<typeof cli.pw>) {
  const r = await promise;
  expect(r.code, r.stderr).toBe(0);
  return r;
}

describe('alias set, list, delete', () => {
  it('stores an alias, lists it (plain rows, or records with -o json), and forgets it', async () => {
    const { pw, stored } = user();
    const set = await ok(pw(['alias', 'set', 'mine', 'steps list --assignee maya --sort due_date']));
    expect(set.stdout).toBe('');
    expect(set.stderr).toBe('✓ added alias mine: pwctl mine runs pwctl steps list --assignee maya --sort due_date\n');
    await ok(pw(['alias', 'set', 'due', 'steps update $1 --due $2']));
    expect(stored()).toEqual({ mine: 'steps list --assignee maya --sort due_date', due: 'steps update $1 --due $2' });

    expect((await ok(pw(['alias', 'list']))).stdout).toBe(
      'due\tsteps update $1 --due $2\nmine\tsteps list --assignee maya --sort due_date\n',
    );
    expect(JSON.parse((await ok(pw(['alias', 'ls', '-o', 'json']))).stdout)).toEqual([
      { name: 'due', expansion: 'steps update $1 --due $2' },
      { name: 'mine', expansion: 'steps list --assignee maya --sort due_date' },
    ]);

    const deleted = await ok(pw(['alias', 'delete', 'mine']));
    expect(deleted.stderr).toBe('✓ deleted alias mine\n');
    await ok(pw(['alias', 'rm', 'due']));
    const empty = await ok(pw(['alias', 'list', '-o', 'json']));
    expect(JSON.parse(empty.stdout)).toEqual([]);
    expect(empty.stderr).toBe("no aliases yet; add one: pwctl alias set <name> '<command line>'\n");
    expect(stored()).toBeUndefined();
  });

  it('reads the expansion from stdin with -', async () => {
    const { pw, stored } = user();
    await ok(pw(['alias', 'set', 'open', '-'], { stdin: "steps list --open --search 'brand assets'\n" }));
    expect(stored()).toEqual({ open: "steps list --open --search 'brand assets'" });
  });

  it('replaces an alias only with --clobber; setting the same expansion again is no change', async () => {
    const { pw, stored } = user();
    await ok(pw(['alias', 'set', 'mine', 'steps list --assignee maya']));
    await ok(pw(['alias', 'set', 'mine', 'steps list --assignee maya']));
    const refused = await pw(['alias', 'set', 'mine', 'steps list --open']);
    cli.expectUsageError(
      refused,
      /^error: alias mine already exists \("steps list --assignee maya"\); add --clobber to replace it$/,
    );
    expect(stored()).toEqual({ mine: 'steps list --assignee maya' });
    const replaced = await ok(pw(['alias', 'set', 'mine', 'steps list --open', '--clobber']));
    expect(replaced.stderr).toBe('✓ replaced alias mine: pwctl mine runs pwctl steps list --open\n');
    expect(stored()).toEqual({ mine: 'steps list --open' });
  });

  it('deleting an alias that is not stored exits 2 with the closest name and the stored ones', async () => {
    const { pw } = user();
    await ok(pw(['alias', 'set', 'mine', 'steps list']));
    cli.expectUsageError(
      await pw(['alias', 'delete', 'mien']),
      /^error: no alias "mien" \(did you mean mine\?\); aliases: mine$/,
    );
  });
});

describe('refused before anything is stored (exit 2, one line)', () => {
  it.each([
    ['steps', /^error: <name> "steps" is a pwctl command; an alias cannot replace it, choose another name$/],
    ['tasks', /^error: <name> "tasks" is a pwctl command \(alias of steps\); an alias cannot replace it/],
    ['mcp', /^error: <name> "mcp" is a pwctl command;/],
    ['help', /^error: <name> "help" is a pwctl command;/],
    ['alias', /^error: <name> "alias" is a pwctl command;/],
    ['9x', /^error: <name> must be a letter followed by letters, digits, '-' or '_' \(e\.g\. mine\), got "9x"$/],
    ['my alias', /^error: <name> must be a letter followed by letters, digits, '-' or '_' .*got "my alias"$/],
    ['x.y', /^error: <name> must be a letter followed by .*got "x\.y"$/],
  ])('the name %j', async (name, message) => {
    const { pw, configDir } = user();
    cli.expectUsageError(await pw(['alias', 'set', name, 'steps list']), message);
    expect(() => readFileSync(join(configDir, 'config.json'))).toThrow(/ENOENT/);
  });

  it.each([
    [
      'stpes list',
      /^error: <expansion> must start with a pwctl command \(e\.g\. 'steps list --open'\); "stpes" is not one \(did you mean steps\?\)$/,
    ],
    [
      'steps lst --open',
      /^error: <expansion>: "lst" is not a command of pwctl steps \(did you mean list\?\); its commands: list, get, wait, create,/,
    ],
    ['webhooks deliveries lst', /^error: <expansion>: "lst" is not a command of pwctl webhooks deliveries/],
    ['$1 list', /^error: <expansion> must start with a pwctl command .*; "\$1" is not one$/],
    ['', /^error: <expansion> must be a pwctl command line \(e\.g\. 'steps list --open'\), got ""$/],
    ["steps list --search 'brand", /^error: <expansion> has an unterminated ' quote; quote it as a shell would/],
  ])('the expansion %j', async (expansion, message) => {
    const { pw, configDir } = user();
    cli.expectUsageError(await pw(['alias', 'set', 'x', expansion]), message);
    expect(() => readFileSync(join(configDir, 'config.json'))).toThrow(/ENOENT/);
  });
});

describe('running an alias', () => {
  it('runs its expansion with the words typed after it appended, global options before it kept', async () => {
    const { pw } = user();
    await ok(pw(['alias', 'set', 'mine', 'steps list --assignee maya --sort due_date']));
    const direct = await ok(
      pw(['steps', 'list', '--assignee', 'maya', '--sort', 'due_date', '--limit', '1', '-o', 'json']),
    );
    expect(JSON.parse(direct.stdout)).toHaveLength(1);
    cli.mark();
    const viaAlias = await ok(pw(['mine', '--limit', '1', '-o', 'json']));
    expect(viaAlias.stdout).toBe(direct.stdout);
    expect(cli.sent('/api/v1/steps', 'GET').length).toBeGreaterThan(0);
    expect((await ok(pw(['-o', 'json', 'mine', '--limit', '1']))).stdout).toBe(direct.stdout);
  });

  it('fills $1, $2 with the words after it (one word each, spaces and all), and appends the rest', async () => {
    const { pw } = user();
    await ok(pw(['alias', 'set', 'due', 'steps update $1 --due $2']));
    await ok(pw(['alias', 'set', 'retitle', 'steps update $1 --title "Renamed: $2"']));
    await ok(pw(['due', '101', '2026-03-01']));
    expect(cli.sb.state.steps[101]!.due_date).toMatch(/^2026-03-01/);
    const appended = await ok(pw(['due', '102', '2026-03-02', '-o', 'json']));
    expect(JSON.parse(appended.stdout)).toMatchObject({ id: 102, due_date: expect.stringMatching(/^2026-03-02/) });
    await ok(pw(['retitle', '103', 'two words']));
    expect(cli.sb.state.steps[103]!.title).toBe('Renamed: two words');
  });

  it('an expansion may start with global options (given after --)', async () => {
    const { pw } = user();
    await ok(pw(['alias', 'set', 'first', '--', '-o json steps list --limit 1 --fields id']));
    expect(JSON.parse((await ok(pw(['first']))).stdout)).toEqual([{ id: 101 }]);
  });

  it('splits its expansion as a shell would: a quoted phrase is one word', async () => {
    const { pw } = user();
    await ok(pw(['alias', 'set', 'assets', 'steps list --search "brand assets" --fields id,title']));
    expect(JSON.parse((await ok(pw(['assets', '-o', 'json']))).stdout)).toEqual([
      { id: 102, title: 'Collect brand assets' },
    ]);
  });

  it('with fewer words than its placeholders exits 2 with its usage, before any request', async () => {
    const { pw } = user();
    await ok(pw(['alias', 'set', 'due', 'steps update $1 --due $2']));
    cli.mark();
    cli.expectUsageError(
      await pw(['due', '101']),
      /^error: alias due needs 2 arguments, got 1; usage: pwctl due <\$1> <\$2>$/,
    );
  });

  it('--help shows the help of the command it runs', async () => {
    const { pw } = user();
    await ok(pw(['alias', 'set', 'mine', 'steps list --assignee maya']));
    await ok(pw(['alias', 'set', 'due', 'steps update $1 --due $2']));
    const listHelp = (await ok(pw(['steps', 'list', '--help']))).stdout;
    expect(listHelp).toMatch(/^Usage: pwctl steps list\|ls \[options\]/);
    expect((await ok(pw(['mine', '--help']))).stdout).toBe(listHelp);
    const updateHelp = (await ok(pw(['steps', 'update', '--help']))).stdout;
    expect((await ok(pw(['due', '--help']))).stdout).toBe(updateHelp);
    // --help is never taken for a placeholder's word.
    expect((await ok(pw(['due', '101', '--help']))).stdout).toBe(updateHelp);
  });

  it('never shadows a command, and an expansion edited by hand into one that runs nothing is told as such', async () => {
    const { pw, configDir } = user();
    const version = (await ok(user().pw(['version']))).stdout;
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({
        aliases: {
          version: 'steps list',
          tasks: 'version',
          help: 'version',
          bad: 'stpes list',
          open: "steps list --search 'x",
        },
      }),
      { mode: 0o600 },
    );
    expect((await ok(pw(['version']))).stdout).toBe(version);
    // A command's own alias and `help` are commands too.
    expect((await ok(pw(['tasks', '--help']))).stdout).toMatch(/^Usage: pwctl steps\|tasks /m);
    expect((await ok(pw(['help']))).stdout).toMatch(/^Usage: pwctl /m);
    cli.expectUsageError(
      await pw(['bad']),
      /^error: alias bad expands to "stpes list", which does not start with a pwctl command; set it again: pwctl alias set bad '<command line>' --clobber$/,
    );
    cli.expectUsageError(
      await pw(['open']),
      /^error: alias open cannot be read: its expansion has an unterminated ' quote; set it again: /,
    );
  });
});

describe('processes setting aliases at once', () => {
  it('six processes each setting another alias at the same moment: all six are kept', async () => {
    const configDir = makeConfigDir();
    const names = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    const results = await Promise.all(
      names.map((name) => runCli(['alias', 'set', name, `steps list --search ${name}`], { configDir })),
    );
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    const list = await runCli(['alias', 'list', '-o', 'json'], { configDir });
    expect(JSON.parse(list.stdout)).toEqual(names.map((name) => ({ name, expansion: `steps list --search ${name}` })));
  });
});
