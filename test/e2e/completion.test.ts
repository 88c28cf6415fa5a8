// `pwctl completion <shell>` and the completer behind the scripts (`pwctl __complete`, which
// the bin shim answers: always through the built CLI): the scripts printed are the committed
// ones, candidates come from the built tree, ids from the cache that list/get commands write,
// and completing never opens a connection. The shells themselves run in completion-shells.test.ts.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceDirName } from '../../src/config/service-key.js';
import { makeConfigDir, ROOT, runCli, runInProcess } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;

const SCRIPTS = { bash: 'pwctl.bash', zsh: '_pwctl', fish: 'pwctl.fish' } as const;

/** A cache file of `profile` for the test's sandbox (ids are cached per profile and per service). */
function tsv(configDir: string, profile: string, file: string): string {
  return readFileSync(join(serviceCache(configDir, profile), file), 'utf8');
}

function serviceCache(configDir: string, profile: string): string {
  return join(configDir, 'cache', profile, serviceDirName(cli.sb.baseUrl));
}

/** `pwctl __complete …` as a shell calls it, with the environment the commands ran with (PWCTL_BASE_URL). */
function tab(words: string[], configDir: string, env: Record<string, string> = {}) {
  return runCli(['__complete', ...words], { configDir, env: { PWCTL_BASE_URL: cli.sb.baseUrl, ...env } });
}

describe('pwctl completion <shell>', () => {
  for (const [shell, file] of Object.entries(SCRIPTS)) {
    it(`prints completions/${file} byte for byte`, async () => {
      const r = await runInProcess(['completion', shell]);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(readFileSync(join(ROOT, 'completions', file), 'utf8'));
    });
  }

  it('ships a script for every shell and nothing else', () => {
    expect(readdirSync(join(ROOT, 'completions')).sort()).toEqual(Object.values(SCRIPTS).sort());
  });

  it('rejects another shell with one usage line naming the choices', async () => {
    const r = await runInProcess(['completion', 'powershell']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: <shell> must be one of bash, zsh, fish; got "powershell"\n');
    const missing = await runInProcess(['completion']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('error: missing <shell>; usage: pwctl completion [options] <shell>\n');
  });
});

describe('pwctl __complete', () => {
  it('answers from the tree built with the program: values for bash, value<TAB>description for zsh and fish', async () => {
    const bash = await runCli(['__complete', 'bash', '--', 'steps', '']);
    expect(bash.code).toBe(0);
    expect(bash.stderr).toBe('');
    expect(bash.stdout).toBe(
      'list\nget\nwait\ncreate\nupdate\ncomplete\nreopen\nmove\nreorder\nedit\ndelete\nimport\n',
    );
    const zsh = await runCli(['__complete', 'zsh', '--', 'steps', 'list', '-o', '']);
    expect(zsh.stdout).toBe('table\njson\nyaml\nndjson\ncsv\n');
    const fish = await runCli(['__complete', 'fish', '--', 'config', 'get', 'ou']);
    expect(fish.stdout).toBe('output\tdefault output format\n');
    const files = await runCli(['__complete', 'zsh', '--', 'steps', 'create', '--content-file', '']);
    expect(files.stdout).toBe(':files\n');
  });

  it('prints nothing, and no error, for a call it does not understand', async () => {
    for (const args of [['__complete'], ['__complete', 'tcsh', '--', ''], ['__complete', 'bash', 'steps']]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe('');
    }
  });

  describe('never touches the network', () => {
    let server: Server;
    let connections = 0;
    let port = 0;
    beforeAll(async () => {
      server = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('completes ids, profiles and values with a service configured, and connects to nothing', async () => {
      const configDir = makeConfigDir();
      const env = { PWCTL_BASE_URL: `http://127.0.0.1:${port}`, PWCTL_TOKEN: 't' };
      const list = await runInProcess(['steps', 'list'], { configDir, env });
      expect(list.code).toBe(7); // the "service" hangs up: proof that a real command does connect
      const before = connections;
      expect(before).toBeGreaterThan(0);
      for (const words of [
        ['steps', 'complete', ''],
        ['--profile', ''],
        ['docs', 'get', ''],
        ['webhooks', 'get', ''],
        ['-o', ''],
      ]) {
        const r = await runCli(['__complete', 'zsh', '--', ...words], { configDir, env });
        expect(r.code).toBe(0);
      }
      expect(connections).toBe(before);
    });

    it('is built from modules that cannot reach the network', () => {
      // dist/complete.cjs and every chunk it requires: the code a TAB runs.
      const seen = new Set<string>();
      const builtins = new Set<string>();
      const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        const source = readFileSync(file, 'utf8');
        expect(source, file).not.toMatch(/undici|commander|import\(/);
        for (const [, spec] of source.matchAll(/require\(["'`]([^"'`]+)["'`]\)/g)) {
          if (spec!.startsWith('.')) visit(join(file, '..', spec!));
          else builtins.add(spec!);
        }
        // Node's built-ins are loaded with process.getBuiltinModule() (scripts/build.mjs says why).
        for (const [, spec] of source.matchAll(/getBuiltinModule\(["'`]([^"'`]+)["'`]\)/g)) builtins.add(spec!);
      };
      visit(join(ROOT, 'dist', 'complete.cjs'));
      expect([...builtins].sort()).toEqual(['node:fs', 'node:os', 'node:path']);
    });
  });
});

describe('the id cache', () => {
  it('remembers the tasks `steps list` printed, with titles, for `steps complete <TAB>`', async () => {
    const configDir = makeConfigDir();
    const r = await pw(['steps', 'list', '--limit', '3'], { configDir });
    expect(r.code).toBe(0);
    expect(tsv(configDir, 'default', 'steps.tsv')).toBe(
      '101\tKickoff call with Acme\n102\tCollect brand assets\n103\tStakeholder interviews\n',
    );
    expect(statSync(join(serviceCache(configDir, 'default'), 'steps.tsv')).mode & 0o777).toBe(0o600);
    expect(statSync(serviceCache(configDir, 'default')).mode & 0o777).toBe(0o700);
    expect(statSync(join(configDir, 'cache', 'default')).mode & 0o777).toBe(0o700);

    const c = await tab(['zsh', '--', 'steps', 'complete', '101', ''], configDir);
    expect(c.stdout).toBe('102\tCollect brand assets\n103\tStakeholder interviews\n');
    expect(cli.sent('/api/v1/steps', 'GET')).toHaveLength(1); // the list, and nothing from completing
  });

  it('puts a record `get` printed in front, in any output format', async () => {
    const configDir = makeConfigDir();
    await pw(['steps', 'list', '--limit', '2', '-o', 'ndjson'], { configDir });
    const r = await pw(['steps', 'get', '120', '-o', 'json', '--fields', 'id'], { configDir });
    expect(r.code).toBe(0);
    expect(tsv(configDir, 'default', 'steps.tsv')).toBe(
      '120\tApprove positioning\n101\tKickoff call with Acme\n102\tCollect brand assets\n',
    );
  });

  it('keeps milestones and documents (by uuid) in files of their own', async () => {
    const configDir = makeConfigDir();
    expect((await pw(['milestones', 'list'], { configDir })).code).toBe(0);
    expect((await pw(['docs', 'get', '5eed0000-0000-4000-8000-000000000081', '-o', 'yaml'], { configDir })).code).toBe(
      0,
    );
    expect(tsv(configDir, 'default', 'milestones.tsv')).toBe(
      '71\tDesign sign-off\n73\tBrand reveal\n72\tLaunch\n74\tTemplate: Launch\n',
    );
    expect(tsv(configDir, 'default', 'docs.tsv')).toBe('5eed0000-0000-4000-8000-000000000081\tProject brief\n');
    const c = await tab(['bash', '--', 'milestones', 'delete', '7'], configDir);
    expect(c.stdout).toBe('71\n73\n72\n74\n');
  });

  it('remembers a webhook subscription by its event and URL', async () => {
    const configDir = makeConfigDir();
    const r = await pw(
      [
        'webhooks',
        'create',
        '--url',
        'http://127.0.0.1:9/hook',
        '--event',
        'task.completed',
        '--company',
        '1',
        '--no-save-secret',
        '-o',
        'json',
      ],
      { configDir },
    );
    expect(r.code).toBe(0);
    const id = (JSON.parse(r.stdout) as { id: number }).id;
    expect(tsv(configDir, 'default', 'webhooks.tsv')).toBe(`${id}\ttask.completed http://127.0.0.1:9/hook\n`);
    const c = await tab(['fish', '--', 'webhooks', 'pause', ''], configDir);
    expect(c.stdout).toBe(`${id}\ttask.completed http://127.0.0.1:9/hook\n`);
  });

  it('is per profile: --profile and PWCTL_PROFILE choose the file written and read', async () => {
    const configDir = makeConfigDir();
    await pw(['--profile', 'work', 'milestones', 'get', '72'], { configDir });
    expect(existsSync(join(configDir, 'cache', 'default'))).toBe(false);
    expect(tsv(configDir, 'work', 'milestones.tsv')).toBe('72\tLaunch\n');
    const none = await tab(['bash', '--', 'milestones', 'get', ''], configDir);
    expect(none.stdout).toBe('');
    const typed = await tab(['bash', '--', '--profile', 'work', 'milestones', 'get', ''], configDir);
    expect(typed.stdout).toBe('72\n');
    const env = await tab(['bash', '--', 'milestones', 'get', ''], configDir, { PWCTL_PROFILE: 'work' });
    expect(env.stdout).toBe('72\n');
  });

  it('is not written by --dry-run or by a failing command', async () => {
    const configDir = makeConfigDir();
    const dry = await pw(['--dry-run', 'milestones', 'update', '71', '--title', 'Renamed'], { configDir });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^PUT \/api\/v1\/milestones\/71\n/);
    const missing = await pw(['milestones', 'get', '9999'], { configDir });
    expect(missing.code).toBe(3);
    expect(existsSync(join(configDir, 'cache'))).toBe(false);
  });

  it('is turned off by `config set completion_cache false`, which also forgets what it held', async () => {
    const configDir = makeConfigDir();
    await pw(['milestones', 'list'], { configDir });
    expect(existsSync(join(serviceCache(configDir, 'default'), 'milestones.tsv'))).toBe(true);

    expect((await runInProcess(['config', 'set', 'completion_cache', 'false'], { configDir })).code).toBe(0);
    expect(existsSync(join(configDir, 'cache', 'default'))).toBe(false);
    await pw(['milestones', 'list'], { configDir });
    expect(existsSync(join(configDir, 'cache', 'default'))).toBe(false);
    expect((await tab(['bash', '--', 'milestones', 'get', ''], configDir)).stdout).toBe('');

    await runInProcess(['config', 'set', 'completion_cache', 'true'], { configDir });
    await pw(['milestones', 'get', '73'], { configDir });
    expect((await tab(['bash', '--', 'milestones', 'get', ''], configDir)).stdout).toBe('73\n');
  });

  it('is per service: ids of another base URL or of --sandbox are never offered for this one', async () => {
    const configDir = makeConfigDir();
    await pw(['milestones', 'get', '72'], { configDir });
    const other = 'http://127.0.0.1:9';
    expect((await tab(['bash', '--', 'milestones', 'get', ''], configDir)).stdout).toBe('72\n');
    // The service named on the line, in the environment, or as the profile's base_url.
    expect((await tab(['bash', '--', '--base-url', other, 'milestones', 'get', ''], configDir)).stdout).toBe('');
    expect((await tab(['bash', '--', 'milestones', 'get', ''], configDir, { PWCTL_BASE_URL: other })).stdout).toBe('');
    expect((await tab(['bash', '--', '--sandbox', 'milestones', 'get', ''], configDir)).stdout).toBe('');
    expect((await runInProcess(['config', 'set', 'base_url', `${cli.sb.baseUrl}/api/v1/`], { configDir })).code).toBe(
      0,
    );
    expect((await runCli(['__complete', 'bash', '--', 'milestones', 'get', ''], { configDir })).stdout).toBe('72\n');

    // The embedded sandbox's ids live under "sandbox", whatever port it had.
    expect((await runInProcess(['--sandbox', 'milestones', 'get', '73'], { configDir })).code).toBe(0);
    expect(readFileSync(join(configDir, 'cache', 'default', 'sandbox', 'milestones.tsv'), 'utf8')).toBe(
      '73\tBrand reveal\n',
    );
    expect(
      (await runCli(['__complete', 'bash', '--', '--sandbox', 'milestones', 'get', ''], { configDir })).stdout,
    ).toBe('73\n');
    expect((await runCli(['__complete', 'bash', '--', 'milestones', 'get', ''], { configDir })).stdout).toBe('72\n');
  });

  it('follows the default profile chosen with `auth switch`', async () => {
    const configDir = makeConfigDir();
    await pw(['--profile', 'work', 'milestones', 'get', '71'], { configDir });
    expect(
      (await runInProcess(['config', 'set', 'base_url', cli.sb.baseUrl, '--profile', 'work'], { configDir })).code,
    ).toBe(0);
    expect((await runCli(['__complete', 'bash', '--', 'milestones', 'get', ''], { configDir })).stdout).toBe('');
    expect((await runInProcess(['auth', 'switch', 'work'], { configDir })).code).toBe(0);
    expect((await runCli(['__complete', 'bash', '--', 'milestones', 'get', ''], { configDir })).stdout).toBe('71\n');
  });
});
