// `--watch [interval]` end to end. On a real pseudo-terminal: each refresh drawn whole on the
// alternate screen, a change on the service redrawn in place, the interval raised to what the
// rate limit allows (and said), Ctrl-C ending with exit 0 and the screen put back. Into a pipe:
// every record once, then each new or changed record, one line each (kubectl get --watch). A
// bad interval: exit 2 before any request. Skipped on a terminal where `script` is missing.
import { describe, expect, it } from 'vitest';
import { baseEnv, makeConfigDir, runCli, startCli } from '../helpers/cli.js';
import { keepDeliveries } from '../helpers/inbox.js';
import { hasPty, startInPty, visibleText } from '../helpers/pty.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

const ENTER = '\u001b[?1049h';
const LEAVE = '\u001b[?1049l';

const fixture = useSandboxCli();
const configDir = makeConfigDir();

const options = () => ({ env: sandboxEnv(fixture.sb), configDir });
const requests = () => fixture.sent('').filter((r) => r.path.startsWith('/api/v1/'));

function onTerminal(args: string[], env: Record<string, string> = {}, target = fixture.sb) {
  return startInPty(args, {
    cols: 120,
    rows: 20,
    keepInput: true,
    env: { ...baseEnv(configDir), ...sandboxEnv(target), ...env },
  });
}

describe.skipIf(!hasPty)('--watch on a terminal', () => {
  it('steps list: drawn on the alternate screen, redrawn when a task changes, Ctrl-C ends with 0', async () => {
    const run = onTerminal(['steps', 'list', '--limit', '5', '--watch', '200ms']);
    await run.waitFor(/Every 200ms: pwctl steps list +\(Ctrl-C ends\) +\d\d:\d\d:\d\d/);
    await run.waitFor(/Kickoff call with Acme/);
    fixture.sb.state.steps[101]!.title = 'Kickoff call, moved to Friday';
    await run.waitFor(/Kickoff call, moved to Friday/);
    run.type('\u0003');
    const { code, output } = await run.done;
    expect(code).toBe(0);
    // Into the alternate screen before the first refresh; out of it, cursor shown, after the last.
    expect(output.indexOf(ENTER)).toBeLessThan(output.indexOf('Kickoff call with Acme'));
    expect(output.lastIndexOf(LEAVE)).toBeGreaterThan(output.lastIndexOf('Friday'));
    expect(output.lastIndexOf('\u001b[?25h')).toBeGreaterThan(output.lastIndexOf('Friday'));
    expect(visibleText(output)).not.toMatch(/error/);
    // Only reads, and more than one of them: it refreshed.
    expect(new Set(requests().map((r) => r.method))).toEqual(new Set(['GET']));
    expect(requests().length).toBeGreaterThan(1);
  });

  it('steps get: the record redrawn when it changes', async () => {
    const run = onTerminal(['steps', 'get', '103', '--watch', '200ms']);
    await run.waitFor(/title: +Stakeholder interviews/);
    fixture.sb.state.steps[103]!.completed = true;
    await run.waitFor(/status: +done/);
    run.type('\u0003');
    expect((await run.done).code).toBe(0);
  });

  it('a refresh taller than the screen is cut, and says how much', async () => {
    const run = onTerminal(['steps', 'list', '--watch']);
    await run.waitFor(/Every 2s: pwctl steps list/);
    await run.waitFor(/… \d+ more lines \(a taller terminal shows them\)/);
    run.type('\u0003');
    expect((await run.done).code).toBe(0);
  });

  it('the interval is raised to what the rate limit allows, and the screen says so', async () => {
    const limited = await startTestSandbox({ rateLimit: 6 });
    try {
      const run = onTerminal(['steps', 'get', '101', '--watch', '1s'], {}, limited);
      await run.waitFor(/Every 10s: pwctl steps get 101/);
      await run.waitFor(
        /refreshing every 10s, not 1s: the service allows 6 requests a minute and each refresh takes 1 request/,
      );
      run.type('\u0003');
      expect((await run.done).code).toBe(0);
    } finally {
      await limited.close();
    }
  });

  it('milestones list and webhooks deliveries list watch too', async () => {
    const milestones = onTerminal(['milestones', 'list', '--watch', '300ms']);
    await milestones.waitFor(/Every 300ms: pwctl milestones list/);
    fixture.sb.state.milestones[71]!.title = 'Renamed while watched';
    await milestones.waitFor(/Renamed while watched/);
    milestones.type('\u0003');
    expect((await milestones.done).code).toBe(0);

    const inboxDir = makeConfigDir();
    const env = baseEnv(inboxDir);
    const [first] = await keepDeliveries(env, ['{"id":1}']);
    const deliveries = startInPty(['webhooks', 'deliveries', 'list', '--watch', '200ms'], {
      cols: 120,
      rows: 20,
      keepInput: true,
      env,
    });
    await deliveries.waitFor(new RegExp(first!));
    const [second] = await keepDeliveries(env, ['{"id":2}']);
    await deliveries.waitFor(new RegExp(second!));
    deliveries.type('\u0003');
    expect((await deliveries.done).code).toBe(0);
  });
});

describe('--watch into a pipe', () => {
  it('prints every record once, then only what changed, one NDJSON line each', async () => {
    const cli = startCli(
      ['steps', 'list', '--limit', '3', '--watch', '200ms', '-o', 'ndjson', '--fields', 'id,title'],
      {
        env: sandboxEnv(fixture.sb),
        configDir,
      },
    );
    await cli.waitFor('stdout', /"id":103/);
    fixture.sb.state.steps[102]!.title = 'Brand assets, all of them';
    await cli.waitFor('stdout', /Brand assets, all of them/);
    cli.child.kill('SIGINT');
    const r = await cli.result;
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { id: 101, title: 'Kickoff call with Acme' },
      { id: 102, title: 'Collect brand assets' },
      { id: 103, title: 'Stakeholder interviews' },
      { id: 102, title: 'Brand assets, all of them' },
    ]);
    expect(r.stderr).not.toContain('\u001b');
  });

  it('a record that is gone is named on stderr; -o json is one compact line per change', async () => {
    const cli = startCli(['steps', 'list', '--limit', '3', '--watch', '200ms', '-o', 'json', '--fields', 'id'], {
      env: sandboxEnv(fixture.sb),
      configDir,
    });
    await cli.waitFor('stdout', /\{"id":103\}/);
    delete (fixture.sb.state.steps as Record<number, unknown>)[101];
    await cli.waitFor('stderr', /no longer listed: 101/);
    await cli.waitFor('stdout', /\{"id":104\}/);
    cli.child.kill('SIGTERM');
    const r = await cli.result;
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('{"id":101}\n{"id":102}\n{"id":103}\n{"id":104}\n');
  });

  it('--jq filters each changed record, as with -o ndjson', async () => {
    const cli = startCli(['steps', 'get', '101', '--watch', '200ms', '--jq', '.title'], options());
    await cli.waitFor('stdout', /Kickoff call with Acme/);
    fixture.sb.state.steps[101]!.title = 'Kickoff, take two';
    await cli.waitFor('stdout', /Kickoff, take two/);
    cli.child.kill('SIGINT');
    const r = await cli.result;
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Kickoff call with Acme\nKickoff, take two\n');
  });

  it('says on stderr when the rate limit raises the interval', async () => {
    const limited = await startTestSandbox({ rateLimit: 12 });
    try {
      const cli = startCli(['milestones', 'get', '71', '--watch', '-o', 'ndjson', '--fields', 'id'], {
        env: sandboxEnv(limited),
        configDir,
      });
      await cli.waitFor('stderr', /refreshing every 5s, not 2s: the service allows 12 requests a minute/);
      cli.child.kill('SIGINT');
      const r = await cli.result;
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('{"id":71}\n');
    } finally {
      await limited.close();
    }
  });

  it('a task that does not exist ends the watch with exit 3', async () => {
    const r = await runCli(['steps', 'get', '999999', '--watch', '200ms'], { env: sandboxEnv(fixture.sb), configDir });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: /m);
  });
});

describe('a bad interval', () => {
  it.each([
    [
      ['steps', 'list', '--watch', '5'],
      /--watch takes a duration with its unit \(500ms, 2s, 1.5s, 1m30s, 1h\), got "5"; for 5 seconds write 5s/,
    ],
    [['steps', 'get', '--watch', '101'], /got "101"; for 101 seconds write 101s, or give <id> before --watch/],
    [['milestones', 'list', '--watch', 'soon'], /--watch takes a duration with its unit .*got "soon"/],
    [['milestones', 'get', '71', '--watch', '10ms'], /--watch must be from 100ms to 1h, got "10ms"/],
    [['webhooks', 'deliveries', 'list', '--watch', '2h'], /--watch must be from 100ms to 1h, got "2h"/],
  ])('%j: exit 2 naming the flag and the accepted form, before any request', async (args, message) => {
    const r = await runCli(args, { env: sandboxEnv(fixture.sb), configDir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(requests()).toEqual([]);
  });
});
