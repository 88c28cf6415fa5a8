// Completing an approval task without --approve or --reject (issue 32): on a real terminal
// each open approval task's verdict is asked first (approved first, so Enter keeps the
// default; Ctrl-C sends nothing); without a terminal nothing is asked and the result says
// `approved (the default verdict)`, which is what the service records.
import { describe, expect, it } from 'vitest';
import { baseEnv, makeConfigDir, runInProcess } from '../helpers/cli.js';
import { hasPty, startInPty, visibleText } from '../helpers/pty.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';
import { sandboxEnv } from '../helpers/sandbox.js';

const fixture = useSandboxCli();

const stepId = (title: string) => Object.values(fixture.sb.state.steps).find((s) => s.title === title)!.id;
const puts = () => fixture.sent('').filter((r) => r.method === 'PUT');
const terminal = (args: string[]) =>
  startInPty(args, {
    cols: 120,
    rows: 40,
    keepInput: true,
    env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(fixture.sb), PWCTL_PAGER: '' },
  });

describe('without a terminal', () => {
  it('nothing is asked; an approval task completed without a verdict says it was approved by default', async () => {
    const [approval, plain] = [stepId('Approve homepage design'), stepId('Moodboard')];
    const r = await runInProcess(['steps', 'complete', String(approval), String(plain), '-o', 'json'], {
      env: sandboxEnv(fixture.sb),
    });
    expect(r.code, r.stderr).toBe(0);
    const results = JSON.parse(r.stdout) as Record<string, any>[];
    expect(results.map((x) => [x.id, x.ok, x.note])).toEqual([
      [approval, true, 'approved (the default verdict)'],
      [plain, true, undefined],
    ]);
    expect(fixture.sb.state.steps[approval]).toMatchObject({ completed: true, approval_status: 'approved' });
    expect(puts().map((p) => p.body)).toEqual([{ completed: true }, { completed: true }]);

    // One task, as a table: its row says so.
    fixture.sb.reset('demo');
    const one = await runInProcess(['steps', 'complete', String(stepId('Approve positioning'))], {
      env: sandboxEnv(fixture.sb),
    });
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/\tok\tApprove positioning — approved \(the default verdict\)\n$/);

    // A verdict given as a flag is not noted.
    const rejected = await runInProcess(['steps', 'complete', String(approval), '--reject', '-o', 'json'], {
      env: sandboxEnv(fixture.sb),
    });
    expect(rejected.code, rejected.stderr).toBe(0);
    expect((JSON.parse(rejected.stdout) as Record<string, any>[])[0]!.note).toBeUndefined();
    expect(fixture.sb.state.steps[approval]!.approval_status).toBe('not_approved');
  });
});

describe.skipIf(!hasPty)('on a terminal', () => {
  it('asks the verdict of each open approval task, approved first; plain tasks are not asked about', async () => {
    const [first, plain, second] = [
      stepId('Approve homepage design'),
      stepId('Moodboard'),
      stepId('Approve positioning'),
    ];
    const run = terminal(['steps', 'complete', String(first), String(plain), String(second)]);
    await run.waitFor(/Verdict for approval task "Approve homepage design" \(\d+\)/);
    await run.waitFor(/approved \(--approve; the default\)/);
    expect(puts()).toEqual([]);
    run.type('not');
    await run.waitFor(/Search: not/);
    run.type('\r');
    await run.waitFor(/Verdict for approval task "Approve positioning" \(\d+\)/);
    run.type('\r'); // Enter: the first choice, approved
    const { code, output } = await run.done;
    expect(code, visibleText(output)).toBe(0);
    expect(visibleText(output)).not.toMatch(/Verdict for approval task "Moodboard"/);
    expect(fixture.sb.state.steps[first]).toMatchObject({ completed: true, approval_status: 'not_approved' });
    expect(fixture.sb.state.steps[second]).toMatchObject({ completed: true, approval_status: 'approved' });
    expect(fixture.sb.state.steps[plain]).toMatchObject({ completed: true, approval_status: null });
    const bodies = Object.fromEntries(puts().map((p) => [Number(p.path.split('/')[4]), p.body]));
    expect(bodies).toEqual({
      [first]: { completed: true, approval_status: 'not_approved' },
      [plain]: { completed: true },
      [second]: { completed: true, approval_status: 'approved' },
    });
    expect(visibleText(output)).not.toContain('the default verdict');
  });

  it('Ctrl-C at the question sends nothing and exits 130', async () => {
    const approval = stepId('Approve homepage design');
    const run = terminal(['steps', 'complete', String(approval)]);
    await run.waitFor(/Verdict for approval task/);
    run.type('\u0003');
    const { code } = await run.done;
    expect(code).toBe(130);
    expect(puts()).toEqual([]);
    expect(fixture.sb.state.steps[approval]!.completed).toBe(false);
  });
});
