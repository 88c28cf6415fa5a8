// The built CLI's fast path (src/cli/fast/): a `get` parsed from the prebuilt tree loads three
// files of dist/ and never commander; help and parse errors, which it hands over to commander,
// read exactly as they did.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fastInvocation } from '../../src/cli/fast/fast-path.js';
import { baseEnv, cliCommand, makeConfigDir, runInProcess } from '../helpers/cli.js';
import { traceLoads } from '../helpers/loaded-modules.js';
import { sandboxEnv } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const { pwBin } = cli;

describe('a get on the fast path', () => {
  it('`steps get <id> -o json` against a service loads two files of dist/ (dist/cli.cjs and the noun’s), and no commander', async () => {
    const trace = traceLoads();
    const r = await pwBin(['steps', 'get', '101', '-o', 'json'], { env: trace.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 101, title: titleOf(101) });
    const files = trace.files();
    expect(files, files.join(', ')).toHaveLength(2);
    expect(files).toContain('cli.cjs');
    expect(trace.sources().filter((s) => s.includes('node_modules/commander/'))).toEqual([]);
    // Off a terminal, with HOME set, node:tty and node:os are not needed and not loaded.
    expect(trace.builtins()).toContain('http');
    expect(trace.builtins().filter((name) => /^(internal\/)?(tty|os)$/.test(name))).toEqual([]);
  });

  it('nor with /dev/null for input, as CI and `cmd < /dev/null` give: a character device, never a terminal', async () => {
    const trace = traceLoads();
    const [program, args] = cliCommand(['steps', 'get', '101', '-o', 'json']);
    // A child of its own (stdin /dev/null), asynchronously: the sandbox answers from this process.
    const child = spawn(program, args, {
      env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb), ...trace.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const r = { status, stdout, stderr };
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 101 });
    expect(trace.builtins().filter((name) => /^(internal\/)?tty$/.test(name))).toEqual([]);
  });

  it('an alias and global options in any order take the same path', async () => {
    const trace = traceLoads();
    const r = await pwBin(['-q', 'tasks', 'view', '--fields', 'id,title', '102', '-o', 'json'], { env: trace.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: 102, title: titleOf(102) });
    expect(trace.files().length).toBeLessThanOrEqual(3);
  });
});

/** The declarations of the top-level verbs: each in a module of its own, loaded only when named. */
const TOP_LEVEL_VERBS = /^src\/(commands\/(api|completion|export|restore|version)\/index|cli\/mcp-verb)\.ts$/;

describe('the files a command line loads', () => {
  it('`steps get` loads no top-level verb’s declaration: they are named in dist/cli.js by their heads', async () => {
    const trace = traceLoads();
    const r = await pwBin(['steps', 'get', '101', '-o', 'json'], { env: trace.env });
    expect(r.code, r.stderr).toBe(0);
    expect(trace.sources().filter((s) => TOP_LEVEL_VERBS.test(s))).toEqual([]);
  });

  it('`--help`: two files (dist/cli.cjs and the commander program’s), listing every top-level command by its head', async () => {
    const trace = traceLoads();
    const r = await pwBin(['--help'], { env: trace.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {2}restore {2,}put an export back/m);
    expect(r.stdout).toMatch(/^ {2}mcp {2,}run a Model Context Protocol server/m);
    expect(trace.files(), trace.files().join(', ')).toHaveLength(2);
    expect(trace.sources().filter((s) => TOP_LEVEL_VERBS.test(s))).toEqual([]);
  });

  it('a top-level verb runs on the fast path: `version` loads its declaration’s file beside the one every run loads', async () => {
    expect(await fastInvocation(['version'])).toMatchObject({ path: 'pwctl version' });
    const trace = traceLoads();
    const r = await pwBin(['version'], { env: trace.env });
    expect(r.code).toBe(0);
    expect(trace.files(), trace.files().join(', ')).toHaveLength(2);
    expect(trace.sources()).toContain('src/commands/version/index.ts');
    expect(trace.sources().filter((s) => s.includes('node_modules/commander/'))).toEqual([]);
  });

  it('`api <path>`, a GET of any endpoint, loads two files too: the file reader only with --input or -F key=@file', async () => {
    const trace = traceLoads();
    const r = await pwBin(['api', '/steps/101'], { env: trace.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ id: 101, title: titleOf(101) });
    expect(trace.files(), trace.files().join(', ')).toHaveLength(2);
    expect(trace.sources()).not.toContain('src/commands/read-input.ts');
  });

  it('TAB: one file, dist/complete.cjs, a build of its own', async () => {
    const trace = traceLoads();
    const r = await pwBin(['__complete', 'bash', '--', 'steps', 'g'], { env: trace.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('get');
    expect(trace.files()).toEqual(['complete.cjs']);
  });
});

describe('what the fast path hands over reads as it did', () => {
  it.each([
    [['steps', 'get', '101', '--bogus'], "error: unknown option '--bogus'"],
    [
      ['steps', 'get', '101', '-o', 'xml'],
      'error: -o/--output must be one of table, json, yaml, ndjson, csv; got "xml"',
    ],
    [
      ['steps', 'get', '101', '102'],
      'error: unexpected argument "102": pwctl steps get takes only <id>; usage: pwctl steps get [options] <id>',
    ],
  ])('%j: commander says what is wrong, exit 2', async (argv, message) => {
    expect(await fastInvocation(argv)).toBeUndefined();
    const trace = traceLoads();
    const r = await pwBin(argv, { env: trace.env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toContain(message);
    expect(trace.sources()).toContain('node_modules/commander/lib/command.js');
  });

  it('a value the verb refuses: the runner says so, as it does after commander', async () => {
    expect(await fastInvocation(['steps', 'get', 'abc'])).toBeDefined();
    const r = await pwBin(['steps', 'get', 'abc']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: <id> must be a positive integer id (e.g. 42), got "abc"\n');
    expect(cli.sent('/api/v1/steps')).toEqual([]);
  });

  it('a verb’s --help is commander’s help, in the built CLI as in process', async () => {
    expect(await fastInvocation(['steps', 'get', '--help'])).toBeUndefined();
    const built = await pwBin(['steps', 'get', '--help']);
    const inProcess = await runInProcess(['steps', 'get', '--help']);
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(/^Usage: pwctl steps get\|view \[options\] <id>\n\nshow one task\n/);
    expect(built.stdout).toContain('\nExamples:\n  pwctl steps get 101 --include content,tags\n');
    expect(built.stdout).toBe(inProcess.stdout);
    expect(built.stderr).toBe('');
  });
});

function titleOf(id: number): string {
  return cli.sb.state.steps[id]!.title;
}
