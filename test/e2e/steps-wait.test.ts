// `steps wait <id> --until completed|open`, as kubectl wait: exit 0 and the task printed once it
// is in that state (at once when it already is), exit 7 when --wait-timeout passes first, exit
// 3 when the task does not exist or is deleted while waited for, exit 2 for a bad flag before
// any request, the rate limit kept to (and said), and on a terminal a status line and Ctrl-C
// (exit 130).
import { describe, expect, it } from 'vitest';
import { baseEnv, makeConfigDir, runCli, runInProcess, startCli } from '../helpers/cli.js';
import { hasPty, startInPty, visibleText } from '../helpers/pty.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

const fixture = useSandboxCli();
const configDir = makeConfigDir();

const gets = (id: number) => fixture.sent('').filter((r) => r.method === 'GET' && r.path === `/api/v1/steps/${id}`);
const apiRequests = () => fixture.sent('').filter((r) => r.path.startsWith('/api/v1/'));
const options = () => ({ env: sandboxEnv(fixture.sb), configDir });

/** Resolves once the sandbox has answered `count` GETs of the task: the wait is looking. */
async function looked(id: number, count: number): Promise<void> {
  while (gets(id).length < count) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('steps wait', () => {
  it('a task already completed: printed at once, exit 0, one request', async () => {
    const r = await runInProcess(['steps', 'wait', '101', '--until', 'completed', '-o', 'json'], options());
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 101, completed: true });
    expect(gets(101)).toHaveLength(1);
  });

  it('waits until the task is completed, then prints it: exit 0', async () => {
    const cli = startCli(['steps', 'wait', '103', '--interval', '200ms', '-o', 'json'], options());
    await looked(103, 2);
    fixture.sb.state.steps[103]!.completed = true;
    const r = await cli.result;
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 103, title: 'Stakeholder interviews', completed: true });
    expect(r.stderr).toMatch(/task 103 "Stakeholder interviews" is completed \(done\), after /);
  });

  it('--until open: waits until a completed task is reopened', async () => {
    const cli = startCli(
      ['steps', 'wait', '101', '--until', 'open', '--interval', '200ms', '--fields', 'id'],
      options(),
    );
    await looked(101, 2);
    fixture.sb.state.steps[101]!.completed = false;
    const r = await cli.result;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('id:\t101\n');
  });

  it('--wait-timeout passing first: exit 7, saying what the task still is', async () => {
    const r = await runCli(['steps', 'wait', '103', '--wait-timeout', '1s', '--interval', '200ms'], options());
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^error: task 103 "Stakeholder interviews" is still open after 1s \(--wait-timeout\): it was not completed$/m,
    );
    expect(gets(103).length).toBeGreaterThan(1);
  });

  it('a task that does not exist, or is deleted while waited for: exit 3', async () => {
    const missing = await runInProcess(['steps', 'wait', '999999'], options());
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^error: .*404/m);

    const cli = startCli(['steps', 'wait', '103', '--interval', '200ms'], options());
    await looked(103, 1);
    delete (fixture.sb.state.steps as Record<number, unknown>)[103];
    const gone = await cli.result;
    expect(gone.code).toBe(3);
  });

  it('keeps to the rate limit, and says when it looks less often than asked', async () => {
    const limited = await startTestSandbox({ rateLimit: 6 });
    try {
      const cli = startCli(['steps', 'wait', '103', '--interval', '200ms'], { env: sandboxEnv(limited), configDir });
      await cli.waitFor(
        'stderr',
        /looking every 10s, not 200ms: the service allows 6 requests a minute and each look takes 1 request/,
      );
      cli.child.kill('SIGINT');
      const r = await cli.result;
      expect(r.code).toBe(130);
      expect(r.stderr).toMatch(/^error: interrupted: stopped waiting for task 103 to be completed$/m);
      expect(limited.requests.filter((q) => q.path === '/api/v1/steps/103')).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it.each([
    [['steps', 'wait', '103', '--until', 'closed'], /--until must be one of completed, open; got "closed"/],
    [['steps', 'wait', '103', '--wait-timeout', '10'], /--wait-timeout takes a duration with its unit .*write 10s/],
    [['steps', 'wait', '103', '--interval', '0s'], /--interval must be from 100ms to 1h, got "0s"/],
    [['steps', 'wait', 'abc'], /<id> must be a positive integer id/],
  ])('%j: exit 2 before any request', async (args, message) => {
    const r = await runInProcess(args, options());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(apiRequests()).toEqual([]);
  });
});

describe.skipIf(!hasPty)('steps wait on a terminal', () => {
  it('shows what it waits for on the status line; Ctrl-C ends it with 130', async () => {
    const run = startInPty(['steps', 'wait', '103', '--interval', '200ms'], {
      cols: 120,
      rows: 20,
      keepInput: true,
      env: { ...baseEnv(configDir), ...sandboxEnv(fixture.sb) },
    });
    await run.waitFor(/waiting for task 103 "Stakeholder interviews" to be completed · \d/);
    run.type('\u0003');
    const { code, output } = await run.done;
    expect(code).toBe(130);
    expect(visibleText(output)).toMatch(/error: interrupted: stopped waiting for task 103 to be completed/);
    expect(fixture.sb.state.steps[103]!.completed).toBe(false);
  });
});
