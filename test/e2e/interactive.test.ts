// Be asked, not refused (issue 24; contract "Interactive use"), on a real pseudo-terminal:
// a missing required value is picked from what it refers to or typed (checked as the flag
// would check it); never without a terminal, with --no-input, PWCTL_NO_INPUT or CI=true;
// Ctrl-C at a prompt exits 130 and sends nothing; confirmations name the records.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, makeConfigDir, runCli } from '../helpers/cli.js';
import { hasPty, startInPty, visibleText } from '../helpers/pty.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
let mark = 0;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());
beforeEach(() => {
  sb.reset('demo');
  mark = sb.requests.length;
});

const sent = (method?: string) =>
  sb.requests.slice(mark).filter((r) => r.path.startsWith('/api/v1/') && (!method || r.method === method));
const terminal = (args: string[], env: Record<string, string> = {}) =>
  startInPty(args, {
    cols: 120,
    rows: 40,
    keepInput: true,
    env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(sb), PWCTL_PAGER: '', ...env },
  });

describe.skipIf(!hasPty)('on a terminal, a missing value is asked for', () => {
  it('steps create without --phase and --title: the phases to pick from, filtered as one types; then the title', async () => {
    const run = terminal(['steps', 'create', '-o', 'json']);
    await run.waitFor(/Phase of the new task/);
    await run.waitFor(/Design \(42\)/);
    run.type('Desig');
    await run.waitFor(/Search: Desig/);
    run.type('\r');
    await run.waitFor(/--title <text>: task title/);
    run.type('\r'); // empty: refused as --title refuses it, and asked again
    await run.waitFor(/--title must not be empty/);
    run.type('Draft the brief\r');
    const { code } = await run.done;
    expect(code).toBe(0);
    const created = Object.values(sb.state.steps).find((s) => s.title === 'Draft the brief');
    expect(created?.phase_id).toBe(42);
    expect(sent('POST')).toHaveLength(1);
  });

  it('steps complete without ids: a multi-select of the open tasks', async () => {
    const run = terminal(['steps', 'complete']);
    await run.waitFor(/Tasks to complete/);
    expect(visibleText(run.output())).not.toMatch(/Kickoff call with Acme/); // completed already: not offered
    run.type('Stakeh');
    await run.waitFor(/Search: Stakeh/);
    run.type('\t'); // Tab selects
    await run.waitFor(/◼/);
    run.type('\r');
    const { code } = await run.done;
    expect(code).toBe(0);
    expect(sb.state.steps[103]!.completed).toBe(true);
    expect(sent('PUT').map((r) => r.path)).toEqual(['/api/v1/steps/103']);
  });

  it('Ctrl-C at a picker exits 130 with one line, and sends nothing', async () => {
    const run = terminal(['steps', 'create', '--title', 'Never']);
    await run.waitFor(/Search/);
    run.type('\u0003');
    const { code, output } = await run.done;
    expect(code).toBe(130);
    expect(visibleText(output)).toMatch(/error: cancelled at the prompt \(Ctrl-C\); nothing was sent/);
    expect(sent('POST')).toEqual([]);
  });

  it('a confirmation names the records by title, and Ctrl-C at it says the same as at every prompt', async () => {
    const run = terminal(['milestones', 'delete', '72']);
    await run.waitFor(/Permanently delete milestone "Launch" \(72\)\? \[y\/N\]/);
    run.type('\u0003');
    const { code, output } = await run.done;
    expect(code).toBe(130);
    expect(visibleText(output)).toMatch(/cancelled at the prompt \(Ctrl-C\); nothing was sent/);
    expect(sb.state.milestones[72]).toBeDefined();
    expect(sent('DELETE')).toEqual([]);
  });

  it('--no-input, PWCTL_NO_INPUT and CI=true never ask: the usage error of a script, before any request', async () => {
    for (const [args, env] of [
      [['--no-input', 'steps', 'create', '--title', 'X'], {}],
      [['steps', 'create', '--title', 'X'], { PWCTL_NO_INPUT: '1' }],
      [['steps', 'create', '--title', 'X'], { CI: 'true' }],
    ] as const) {
      const run = terminal([...args], env);
      run.type('');
      const { code, output } = await run.done;
      expect(code, JSON.stringify(env)).toBe(2);
      expect(visibleText(output)).toMatch(
        /error: --phase <id> is required: phase to create the task in \(ids: `pwctl phases list`\)/,
      );
    }
    expect(sent()).toEqual([]);
  });
});

describe('without a terminal nothing is asked', () => {
  it('a missing value is the usage error it always was, before any request', async () => {
    const r = await runCli(['steps', 'complete'], { env: sandboxEnv(sb) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: missing <id\.\.\.>: give one or more, or - to read them from standard input/);
    expect(sent()).toEqual([]);
  });

  it('a confirmation without a terminal still needs --yes', async () => {
    const r = await runCli(['milestones', 'delete', '72'], { env: sandboxEnv(sb) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Permanently delete milestone 72: refusing without a terminal to confirm; pass --yes/);
    expect(sent()).toEqual([]);
  });
});
