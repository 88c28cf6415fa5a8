// `pwctl sandbox serve` through the built CLI (a server stopped by a signal), the global
// --sandbox and `sandbox reset`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { baseEnv, cliCommand, makeConfigDir, runInProcess } from '../helpers/cli.js';

describe('pwctl sandbox serve', () => {
  it('prints exactly one JSON ready line and serves the API with the three role tokens', async () => {
    const dir = makeConfigDir();
    const child = spawn(...cliCommand(['sandbox', 'serve', '--port', '0', '-o', 'json', '--seed', 'demo']), {
      env: baseEnv(dir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
      });
      const ready = JSON.parse(line) as { base_url: string; tokens: Record<string, string> };
      expect(Object.keys(ready).sort()).toEqual(['base_url', 'tokens']);
      expect(ready.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(Object.keys(ready.tokens).sort()).toEqual(['client', 'manager', 'member']);

      const env = { PWCTL_BASE_URL: ready.base_url, PWCTL_TOKEN: ready.tokens.client! };
      const asClient = await runInProcess(['api', '/api/v1/documents/5eed0000-0000-4000-8000-000000000082'], { env });
      expect(asClient.code).toBe(3); // internal document: invisible to a client user
      const asManager = await runInProcess(['api', '/api/v1/documents/5eed0000-0000-4000-8000-000000000082'], {
        env: { ...env, PWCTL_TOKEN: ready.tokens.manager! },
      });
      expect(asManager.code).toBe(0);
      expect(JSON.parse(asManager.stdout).data.is_internal).toBe(true);
    } finally {
      child.kill('SIGINT');
    }
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
  });

  it('rejects bad flags before starting', async () => {
    const r = await runInProcess(['sandbox', 'serve', '--rate-limit', 'lots']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --rate-limit must be a whole number/);
  });
});

describe('--sandbox (embedded)', () => {
  it('runs a command against an embedded sandbox whose state persists in the config directory, until reset', async () => {
    const dir = makeConfigDir();
    const create = await runInProcess(
      [
        '--sandbox',
        'api',
        '-X',
        'POST',
        '/milestones',
        '-f',
        'title=Reset-probe-7f3a',
        '-f',
        'due_date=2026-12-24',
        '-F',
        'project_id=31',
      ],
      { configDir: dir },
    );
    expect(create.code).toBe(0);
    const id = JSON.parse(create.stdout).data.id as number;
    expect(existsSync(join(dir, 'sandbox-state.json'))).toBe(true);

    const again = await runInProcess(['api', `/milestones/${id}`], { configDir: dir, env: { PWCTL_SANDBOX: '1' } });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).data.title).toBe('Reset-probe-7f3a');

    const reset = await runInProcess(['sandbox', 'reset'], { configDir: dir });
    expect(reset.code).toBe(0);
    const gone = await runInProcess(['--sandbox', 'api', `/milestones/${id}`], { configDir: dir });
    expect(gone.code).toBe(3);
    const titles = JSON.parse(
      (await runInProcess(['--sandbox', 'api', '/milestones', '--paginate'], { configDir: dir })).stdout,
    ).map((m: { title: string }) => m.title);
    expect(titles).not.toContain('Reset-probe-7f3a');
    expect(titles.length).toBeGreaterThan(0);
  });
});
