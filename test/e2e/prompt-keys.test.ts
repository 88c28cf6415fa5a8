// Prompts on a real pseudo-terminal (issue 32, "Polish"): line editing with Ctrl-A, Ctrl-E,
// Ctrl-U and Ctrl-W in text prompts and the hidden token prompt; a date prompt that shows
// relative dates work and suggests the date meant; and one sentence for a command stopped
// before it sent anything, whether by Ctrl-C at a prompt or by declining a confirmation.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, makeConfigDir } from '../helpers/cli.js';
import { hasPty, startInPty, visibleText, type PtyRun } from '../helpers/pty.js';
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

const sent = () => sb.requests.slice(mark).filter((r) => r.path.startsWith('/api/v1/'));
const terminal = (args: string[], env: Record<string, string> = sandboxEnv(sb)) =>
  startInPty(args, {
    cols: 200,
    rows: 40,
    keepInput: true,
    env: { ...baseEnv(makeConfigDir()), PWCTL_PAGER: '', ...env },
  });

/** Type `keys` one at a time, as a person does (each a keypress of its own), and let the prompt draw. */
async function press(run: PtyRun, keys: string): Promise<void> {
  for (const key of keys) {
    run.type(key);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

const CTRL = { A: '\u0001', E: '\u0005', U: '\u0015', W: '\u0017', C: '\u0003' };

/** The lines of what the terminal showed, escapes and carriage returns removed. */
const lines = (output: string) => visibleText(output).replace(/\r/g, '').split('\n');

describe.skipIf(!hasPty)('line editing in prompts', () => {
  it('a text prompt: Ctrl-A and Ctrl-E move to the start and end, Ctrl-W deletes the word before the cursor', async () => {
    const run = terminal(['steps', 'create', '--phase', '41', '-o', 'json']);
    await run.waitFor(/Task title \(--title\)/);
    await press(run, `the brief${CTRL.A}Draft ${CTRL.E} now${CTRL.W}today\r`);
    const { code } = await run.done;
    expect(code).toBe(0);
    expect(
      Object.values(sb.state.steps)
        .filter((s) => s.phase_id === 41)
        .map((s) => s.title),
    ).toContain('Draft the brief today');
  });

  it('a date prompt shows the forms it takes, suggests the date meant, and Ctrl-U clears the line', async () => {
    const run = terminal(['milestones', 'create', '--project', '31', '-o', 'json']);
    await run.waitFor(/Title, at most 255 characters \(--title\)/);
    await press(run, `draft${CTRL.U}Go live\r`);
    await run.waitFor(/Due date \(--due\)/);
    await run.waitFor(/YYYY-MM-DD, today, \+3d, \+2w/);
    await press(run, '2026-1-5\r');
    await run.waitFor(/got "2026-1-5" \(did you mean 2026-01-05\?\)/);
    await press(run, `${CTRL.U}2026-01-05\r`);
    const { code } = await run.done;
    expect(code).toBe(0);
    const created = Object.values(sb.state.milestones).find((m) => m.title === 'Go live' && m.project_id === 31);
    expect(created?.due_date).toMatch(/^2026-01-05/);
  });

  it('the hidden token prompt: Ctrl-W deletes what was typed by mistake, a word at a time', async () => {
    const run = terminal(['auth', 'login', '--base-url', sb.baseUrl, '--insecure-storage'], {});
    await run.waitFor(/Paste the API token for 127\.0\.0\.1:\d+ \(input is hidden\)/);
    await press(run, `not the token${CTRL.W}${CTRL.W}${CTRL.W}`);
    run.type(`${sb.tokens.manager}\r`);
    const { code, output } = await run.done;
    expect(visibleText(output)).toMatch(/✓ Logged in to 127\.0\.0\.1:\d+ with profile default/);
    expect(code).toBe(0);
  });
});

describe.skipIf(!hasPty)('"cancelled; nothing was sent", one sentence wherever a command is stopped', () => {
  it('Ctrl-C at a text prompt: exit 130 and exactly that line', async () => {
    const run = terminal(['steps', 'create', '--phase', '41']);
    await run.waitFor(/Task title \(--title\)/);
    await press(run, `Half typed${CTRL.C}`);
    const { code, output } = await run.done;
    expect(code).toBe(130);
    expect(lines(output)).toContain('error: cancelled; nothing was sent');
    expect(sent()).toEqual([]);
  });

  it('declining a confirmation: exit 2 and the same line', async () => {
    const run = terminal(['milestones', 'delete', '72']);
    await run.waitFor(/Permanently delete milestone "Launch" \(72\)\? \[y\/N\]/);
    run.type('n\r');
    const { code, output } = await run.done;
    expect(code).toBe(2);
    expect(lines(output)).toContain('error: cancelled; nothing was sent');
    expect(sb.state.milestones[72]).toBeDefined();
    expect(sent().filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
