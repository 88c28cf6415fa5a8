// The CLI as it ships, one command per top-level command: bin/pwctl.js → dist/cli.js → the
// chunks each one loads (its verb, the API client, the renderers, jq's WebAssembly, the
// embedded sandbox), run as a child process against the sandbox. Every verb's behaviour is
// tested in the test process (runInProcess, useSandboxCli().pw); this file proves that the
// bundle runs each of them: a chunk missing or a module left out of the build fails here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROGRAM } from '../../src/commands/registry.js';
import { seedDocumentUuid } from '../../src/sandbox/index.js';
import { makeConfigDir, ROOT, type CliResult } from '../helpers/cli.js';
import { useSandboxCli, type SandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
/** Exit 0, nothing on stderr (not even a warning of Node's, which only a process shows), and the JSON printed. */
const json = (r: CliResult) => {
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as unknown;
};

/** One run of each top-level command through the built CLI, and what it must show. */
const SMOKE: Record<string, (cli: SandboxCli) => Promise<void>> = {
  docs: async ({ pwBin }) => {
    expect(json(await pwBin(['docs', 'get', seedDocumentUuid(81), '-o', 'json']))).toMatchObject({
      uuid: seedDocumentUuid(81),
    });
  },
  steps: async ({ pwBin }) => {
    // --jq: jq's WebAssembly, loaded by the bundle.
    const r = await pwBin(['steps', 'list', '--limit', '2', '--jq', '.[].id']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('101\n102\n');
  },
  tags: async ({ pwBin }) => {
    expect(json(await pwBin(['tags', 'list', '112', '-o', 'json']))).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ name: 'copy' })]),
    });
  },
  milestones: async ({ pwBin }) => {
    expect(json(await pwBin(['milestones', 'get', '71', '-o', 'json']))).toMatchObject({ id: 71 });
  },
  phases: async ({ pwBin }) => {
    expect(json(await pwBin(['phases', 'list', '--project', '31', '-o', 'json']))).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 41 })]),
    );
  },
  projects: async ({ pwBin }) => {
    expect(json(await pwBin(['projects', 'list', '-o', 'json']))).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 31 })]),
    );
  },
  webhooks: async ({ pwBin }) => {
    expect(json(await pwBin(['webhooks', 'list', '-o', 'json']))).toEqual(expect.any(Array));
  },
  auth: async ({ pwBin }) => {
    expect(json(await pwBin(['auth', 'status', '-o', 'json']))).toEqual([
      expect.objectContaining({ profile: 'default' }),
    ]);
  },
  config: async ({ pwBin }) => {
    const configDir = makeConfigDir();
    expect((await pwBin(['config', 'set', 'output', 'yaml'], { configDir })).code).toBe(0);
    expect((await pwBin(['config', 'get', 'output'], { configDir })).stdout).toBe('yaml\n');
  },
  api: async ({ pwBin }) => {
    expect(json(await pwBin(['api', '/steps/101']))).toMatchObject({ data: { id: 101 } });
  },
  completion: async ({ pwBin }) => {
    expect((await pwBin(['completion', 'zsh'])).stdout).toBe(readFileSync(join(ROOT, 'completions', '_pwctl'), 'utf8'));
  },
  sandbox: async ({ pwBin }) => {
    // The embedded sandbox (--sandbox) and `sandbox reset`; `sandbox serve` runs built in sandbox-cli.test.ts.
    const configDir = makeConfigDir();
    expect(
      json(
        await pwBin(['--sandbox', 'steps', 'get', '101', '-o', 'json'], {
          configDir,
          env: { PWCTL_BASE_URL: undefined, PWCTL_TOKEN: undefined },
        }),
      ),
    ).toMatchObject({ id: 101 });
    expect((await pwBin(['sandbox', 'reset'], { configDir })).code).toBe(0);
  },
  export: async ({ pwBin }) => {
    const dir = join(makeConfigDir(), 'backup');
    const r = await pwBin(['export', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(dir, 'manifest.json'))).toBe(true);
  },
  restore: async ({ pwBin }) => {
    const dir = join(makeConfigDir(), 'backup');
    expect((await pwBin(['export', dir])).code).toBe(0);
    // Nothing is gone from the service it came from: the plan is every record unchanged.
    const plan = json(await pwBin(['restore', dir, '--dry-run', '-o', 'json', '-q'])) as Array<{ action: string }>;
    expect(plan.length).toBeGreaterThan(0);
    expect(new Set(plan.map((r) => r.action))).toEqual(new Set(['unchanged']));
  },
  version: async ({ pwBin }) => {
    // The build writes package.json's version in (the source says 0.0.0-dev).
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect((await pwBin(['version'])).stdout).toBe(`${version}\n`);
  },
};

describe('the built CLI runs every top-level command', () => {
  it('has a case for each one the program declares', () => {
    expect(Object.keys(SMOKE).sort()).toEqual(PROGRAM.commands.map((c) => c.name).sort());
  });

  for (const [name, smoke] of Object.entries(SMOKE)) it(name, () => smoke(cli));

  it('a help topic, and an error with its exit code', async () => {
    expect((await cli.pwBin(['help', 'exit-codes'])).stdout).toMatch(/8 {2}bulk verb/);
    const missing = await cli.pwBin(['steps', 'get', '99999']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^error: GET \/api\/v1\/steps\/99999: 404 Not Found/);
  });
});
