// `pwctl steps …` on a terminal, run under a pseudo-terminal (util-linux `script`): the
// aligned table stays aligned for every row, long bulk batches show progress, and
// `delete` asks for confirmation. Skipped where `script` is not installed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, makeConfigDir } from '../helpers/cli.js';
import { hasPty, runInPty as runOnTerminal } from '../helpers/pty.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
let mark = 0;

beforeAll(async () => {
  sb = await startTestSandbox({ extraSteps: 150 });
});
afterAll(() => sb.close());
beforeEach(() => {
  sb.reset('demo');
  mark = sb.requests.length;
});

/** Runs pwctl with stdin, stdout and stderr on one pseudo-terminal; returns what it showed. */
function runInPty(args: string[], input = ''): Promise<{ code: number | null; output: string }> {
  // No pager: these tests read what the terminal shows (the pager has its own tests).
  return runOnTerminal(args, {
    cols: 150,
    rows: 40,
    input,
    env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(sb), PWCTL_PAGER: '' },
  });
}

const sent = (method: string) =>
  sb.requests.slice(mark).filter((r) => r.method === method && r.path.startsWith('/api/v1/steps'));
const bulkIds = (n: number) =>
  Object.values(sb.state.steps)
    .filter((s) => s.title.startsWith('Bulk task'))
    .slice(0, n)
    .map((s) => String(s.id));

describe.skipIf(!hasPty)('on a terminal', () => {
  it('prints a bold header and keeps every row aligned', async () => {
    const r = await runInPty(['steps', 'list', '--all']);
    expect(r.code).toBe(0);
    const lines = r.output.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1 + 26 + 150);
    expect(lines[0]).toMatch(/^\u001b\[1mID\u001b\[22m +\u001b\[1mTITLE\u001b\[22m/);
    const header = lines[0]!.replace(/\u001b\[\d+m/g, '');
    const statusAt = header.indexOf('STATUS');
    const phaseAt = header.indexOf('PHASE');
    for (const line of [lines[1]!, lines[100]!, lines[101]!, lines[176]!]) {
      expect(line.slice(statusAt)).toMatch(/^(open|done|approved|not approved) /);
      expect(line[phaseAt - 1]).toBe(' ');
      expect(line[phaseAt]).not.toBe(' ');
    }
    expect(lines[176]).toMatch(/^\d+ +Bulk task 150 +open /);
  });

  it('shows progress for a long bulk batch', async () => {
    const ids = bulkIds(12);
    const r = await runInPty(['steps', 'complete', ...ids]);
    expect(r.code).toBe(0);
    expect(r.output).toMatch(/12\/12 completed/);
    expect(r.output).toMatch(/12 completed, 0 failed\n/);
    expect(sent('PUT')).toHaveLength(12);
  });

  it('delete asks first: no sends nothing, yes deletes', async () => {
    const no = await runInPty(['steps', 'delete', '103'], 'n\n');
    expect(no.output).toContain('Permanently delete task "Stakeholder interviews" (103)? [y/N]');
    expect(no.output).toContain('error: cancelled; nothing was sent');
    expect(no.code).toBe(2);
    expect(sent('DELETE')).toEqual([]);
    const yes = await runInPty(['steps', 'delete', '103', '105'], 'y\n');
    expect(yes.output).toMatch(/Permanently delete 2 tasks: "[^"]+" \(103\), "[^"]+" \(105\)\? \[y\/N\]/);
    expect(yes.code).toBe(0);
    expect(sent('DELETE').map((r) => r.path)).toEqual(['/api/v1/steps/103', '/api/v1/steps/105']);
    expect(sb.state.steps[103]).toBeUndefined();
  });
});
