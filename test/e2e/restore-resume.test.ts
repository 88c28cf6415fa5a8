// Resuming `restore --results`: a run stopped by Ctrl-C, SIGTERM or SIGHUP, or killed
// outright while a create was on its way, then repeated with the same results file, restores
// every record exactly once — never re-sending a create that may have been applied, and
// finishing what the stopped run left half done.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeConfigDir, startCli } from '../helpers/cli.js';
import { sandboxEnv } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;
const COUNT = 24;
const CREATE = '/api/v1/steps';

let dir: string;
let results: string;
beforeEach(async () => {
  const work = mkdtempSync(join(tmpdir(), 'pwctl-restore-resume-'));
  dir = join(work, 'backup');
  results = join(work, 'results.ndjson');
  // Tasks to lose and get back: each with a tag (a follow-up request after its create).
  for (let i = 1; i <= COUNT; i++) {
    const step = await api('POST', 'steps', { title: `Restore me ${i}`, phase_id: 41 });
    await api('POST', `steps/${step.data.id}/tags`, { tags: ['urgent'] });
  }
  expect((await pw(['export', dir, '-q'])).code).toBe(0);
  for (const step of Object.values(cli.sb.state.steps))
    if (step.title.startsWith('Restore me ')) await api('DELETE', `steps/${step.id}`);
  cli.mark();
});

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${cli.sb.baseUrl}/api/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${cli.sb.tokens.manager}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return response.status === 204 ? undefined : response.json();
}

const records = () =>
  existsSync(results)
    ? readFileSync(results, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, any>)
    : [];
const creates = () => cli.sent(CREATE, 'POST').filter((e) => e.path === CREATE);

/** Every lost task is on the service exactly once, with its tag, in the export's order. */
function expectEachOnce(): void {
  const restored = Object.values(cli.sb.state.steps).filter((s) => s.title.startsWith('Restore me '));
  expect(restored.map((s) => s.title).sort()).toEqual(
    Array.from({ length: COUNT }, (_, i) => `Restore me ${i + 1}`).sort(),
  );
  expect(restored.every((s) => s.tag_ids.length === 1 && cli.sb.state.tags[s.tag_ids[0]!]!.name === 'urgent')).toBe(
    true,
  );
  const order = restored.sort((a, b) => a.order - b.order).map((s) => Number(s.title.slice('Restore me '.length)));
  expect(order).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));
}

function startRestore(args: string[]) {
  return startCli(['restore', dir, '--only', 'steps', '--results', results, ...args], {
    env: sandboxEnv(cli.sb),
    configDir: makeConfigDir(),
  });
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('restore --results: resuming', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`after ${signal}, the results file holds every create that was answered, and a second run creates the rest once`, async () => {
      cli.sb.faults.add({ method: 'POST', path: CREATE, count: 1000, action: { type: 'delay', ms: 100 } });
      const run = startRestore(['--concurrency', '2', '-o', 'ndjson']);
      await until(() => records().filter((r) => typeof r.new_id === 'number').length >= 4);
      run.child.kill(signal);
      const first = await run.result;
      expect(first.code).toBe(130);
      expect(first.stderr).toMatch(/\d+ done, 0 failed, \d+ not attempted \(interrupted\)\n/);
      // Every create that was sent was answered, recorded and finished before the run ended.
      const log = records();
      const sentBefore = creates().length;
      expect(sentBefore).toBeGreaterThanOrEqual(4);
      expect(sentBefore).toBeLessThan(COUNT);
      const last = new Map(log.map((r) => [r.old_id, r]));
      expect(last.size).toBe(sentBefore);
      expect([...last.values()].every((r) => typeof r.new_id === 'number' && r.pending === undefined)).toBe(true);

      cli.sb.faults.clear();
      const second = await pw(['restore', dir, '--only', 'steps', '--results', results, '-o', 'json']);
      expect(second.code, second.stderr).toBe(0);
      expect(creates()).toHaveLength(COUNT);
      expectEachOnce();

      cli.mark();
      const third = await pw(['restore', dir, '--results', results, '-o', 'json']);
      expect(third.code, third.stderr).toBe(0);
      expect(cli.sent('/api/v1/').filter((e) => e.method !== 'GET')).toEqual([]);
    });
  }

  it('after a kill while a create was on its way, the task it made is found and finished, not created again', async () => {
    // The first create reaches the service and is held there; the process dies before its answer.
    cli.sb.faults.add({ method: 'POST', path: CREATE, count: 1, action: { type: 'delay', ms: 600 } });
    const run = startRestore(['--concurrency', '1']);
    await until(() => records().some((r) => r.sent_at) && creates().length === 1);
    run.child.kill('SIGKILL');
    expect((await run.result).signal).toBe('SIGKILL');
    await until(() => Object.values(cli.sb.state.steps).some((s) => s.title === 'Restore me 1'));
    const made = Object.values(cli.sb.state.steps).find((s) => s.title === 'Restore me 1')!;
    expect(made.tag_ids).toEqual([]); // its follow-ups never ran
    expect(records().every((r) => r.sent_at !== undefined)).toBe(true);

    cli.mark();
    const second = await pw(['restore', dir, '--only', 'steps', '--results', results, '-o', 'json']);
    expect(second.code, second.stderr).toBe(0);
    const first = (JSON.parse(second.stdout) as Record<string, any>[]).find((r) => r.title === 'Restore me 1')!;
    expect(first).toMatchObject({ ok: true, action: 'finish', new_id: made.id });
    expect(creates().map((e) => (e.body as { title: string }).title)).not.toContain('Restore me 1');
    expect(creates()).toHaveLength(COUNT - 1);
    expectEachOnce();
    expect(records().at(-1)).not.toHaveProperty('pending');
  });
});
