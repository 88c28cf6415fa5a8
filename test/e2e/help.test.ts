// Help a new user finds: a noun alone prints its help and succeeds, verb help lists the
// global options that apply to that verb, and root and noun help end with examples.
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';

const NOUNS = ['docs', 'steps', 'tags', 'milestones', 'webhooks', 'auth', 'config', 'sandbox'];

/** The options listed under "Global Options:" in a help text. */
function globalOptions(help: string): string[] {
  const section = help.split('\nGlobal Options:\n')[1]?.split('\n\n')[0] ?? '';
  return [...section.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!);
}

describe('a noun alone', () => {
  it('prints the same help as --help and `pwctl help <noun>`, on stdout, exit 0', async () => {
    const alone = await runInProcess(['steps']);
    expect(alone.code).toBe(0);
    expect(alone.stderr).toBe('');
    expect(alone.stdout).toMatch(/^Usage: pwctl steps\|tasks \[options\] \[command\]\n/);
    expect((await runInProcess(['steps', '--help'])).stdout).toBe(alone.stdout);
    expect((await runInProcess(['help', 'steps'])).stdout).toBe(alone.stdout);
    expect((await runInProcess(['tasks'])).stdout).toBe(alone.stdout);
  });

  it.each(NOUNS)('%s: help with its commands and examples, exit 0', async (noun) => {
    const r = await runInProcess([noun]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\nCommands:\n/);
    expect(r.stdout).toMatch(new RegExp(`\\nExamples:\\n {2}pwctl (--sandbox )?${noun} `));
  });

  it('a mistyped verb is still an unknown command with a suggestion (exit 2)', async () => {
    const r = await runInProcess(['steps', 'lst']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("error: unknown command 'lst' (did you mean list?)\n");
  });
});

describe('root help', () => {
  it('ends with examples and the reference topics', async () => {
    const r = await runInProcess(['--help']);
    expect(r.stdout).toMatch(/\nExamples:\n {2}pwctl --sandbox steps list --limit 5/);
    expect(r.stdout).toMatch(/pwctl help exit-codes/);
    expect((await runInProcess([])).stdout).toBe(r.stdout);
  });
});

describe('verb help lists the global options that apply', () => {
  it('a delete: confirmation and dry-run included', async () => {
    const options = globalOptions((await runInProcess(['steps', 'delete', '--help'])).stdout);
    expect(options).toEqual(
      expect.arrayContaining([
        '--output',
        '--profile',
        '--base-url',
        '--sandbox',
        '--debug',
        '--yes',
        '--dry-run',
        '--timeout',
      ]),
    );
    expect(options).not.toContain('--version');
  });

  it('a list: output options, but neither --dry-run nor --yes', async () => {
    const options = globalOptions((await runInProcess(['help', 'steps', 'list'])).stdout);
    expect(options).toEqual(expect.arrayContaining(['--output', '--fields', '--profile', '--base-url', '--timeout']));
    expect(options).not.toContain('--dry-run');
    expect(options).not.toContain('--yes');
  });

  it('config get: no connection or output options, which do nothing there', async () => {
    const options = globalOptions((await runInProcess(['config', 'get', '--help'])).stdout);
    expect(options).toContain('--profile');
    for (const name of ['--base-url', '--sandbox', '--timeout', '--debug', '--output', '--fields', '--dry-run'])
      expect(options).not.toContain(name);
  });
});
