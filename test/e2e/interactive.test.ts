// Be asked, not refused (issue 24; contract "Interactive use"), on a real pseudo-terminal:
// a missing required value is picked from what it refers to or typed (checked as the flag
// would check it); never without a terminal, with --no-input, PWCTL_NO_INPUT or CI=true;
// Ctrl-C at a prompt exits 130 and sends nothing; confirmations name the records.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { seedDocumentUuid } from '../../src/sandbox/resources/documents/seed.js';
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
/** The id of the seeded task with this title. */
const stepId = (title: string) => Object.values(sb.state.steps).find((s) => s.title === title)!.id;
/** Every task's completed flag, by id. */
const completedFlags = () => Object.fromEntries(Object.values(sb.state.steps).map((s) => [s.id, s.completed]));
/** A directory holding an executable shell script `name` with this body. */
function scriptDir(name: string, body: string): string {
  const dir = join(makeConfigDir(), 'bin');
  mkdirSync(dir);
  writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return dir;
}

describe.skipIf(!hasPty)('on a terminal, a missing value is asked for', () => {
  it('steps create without --phase and --title: the phases to pick from, filtered as one types; then the title', async () => {
    const run = terminal(['steps', 'create', '-o', 'json']);
    await run.waitFor(/Phase of the new task \(--phase\)/);
    await run.waitFor(/Design \(42\)/);
    run.type('Desig');
    await run.waitFor(/Search: Desig/);
    run.type('\r');
    await run.waitFor(/Task title \(--title\)/);
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
    expect(visibleText(output)).toMatch(/error: cancelled; nothing was sent/);
    expect(sent('POST')).toEqual([]);
  });

  it('a confirmation names the records by title, and Ctrl-C at it says the same as at every prompt', async () => {
    const run = terminal(['milestones', 'delete', '72']);
    await run.waitFor(/Permanently delete milestone "Launch" \(72\)\? \[y\/N\]/);
    run.type('\u0003');
    const { code, output } = await run.done;
    expect(code).toBe(130);
    expect(visibleText(output)).toMatch(/error: cancelled; nothing was sent/);
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
  it('steps reopen without ids: a multi-select of the completed tasks; the two chosen are reopened, no other', async () => {
    const kickoff = stepId('Kickoff call with Acme');
    const workshop = stepId('Brand workshop');
    const before = completedFlags();
    expect([before[kickoff], before[workshop]]).toEqual([true, true]);
    const run = terminal(['steps', 'reopen']);
    await run.waitFor(/Tasks to reopen/);
    await run.waitFor(/Kickoff call with Acme/);
    expect(visibleText(run.output())).not.toMatch(/Stakeholder interviews/); // open: not offered
    run.type('Kickoff');
    await run.waitFor(/Search: Kickoff/);
    run.type('\t');
    await run.waitFor(/◼ Kickoff call with Acme/);
    run.type('\u007f'.repeat('Kickoff'.length)); // the search emptied; the choice stays
    run.type('Brand work');
    await run.waitFor(/Search: Brand work/);
    run.type('\t');
    await run.waitFor(/◼ Brand workshop/);
    run.type('\r');
    const { code, output } = await run.done;
    expect(code, visibleText(output)).toBe(0);
    expect(
      sent('PUT')
        .map((r) => r.path)
        .sort(),
    ).toEqual([`/api/v1/steps/${kickoff}`, `/api/v1/steps/${workshop}`].sort());
    expect(sent('PUT').every((r) => JSON.stringify(r.body) === '{"completed":false}')).toBe(true);
    expect(completedFlags()).toEqual({ ...before, [kickoff]: false, [workshop]: false });
  });

  /** `steps delete` with no ids: the picker, "Sitemap draft" picked, and the confirmation naming it on the screen. */
  async function deleteAskingFor(sitemap: number) {
    const run = terminal(['steps', 'delete']);
    await run.waitFor(/Tasks to delete/);
    run.type('Sitemap');
    await run.waitFor(/Search: Sitemap/);
    run.type('\t');
    await run.waitFor(/◼ Sitemap draft/);
    run.type('\r');
    await run.waitFor(new RegExp(`Permanently delete task "Sitemap draft" \\(${sitemap}\\)\\? \\[y/N\\]`));
    return run;
  }

  it('steps delete without ids: the picker, then a confirmation naming the task; y deletes exactly it', async () => {
    const sitemap = stepId('Sitemap draft');
    const before = Object.keys(sb.state.steps).map(Number);
    const run = await deleteAskingFor(sitemap);
    expect(sent('DELETE')).toEqual([]); // nothing before the answer
    run.type('y\r');
    const { code, output } = await run.done;
    expect(code, visibleText(output)).toBe(0);
    expect(sent('DELETE').map((r) => r.path)).toEqual([`/api/v1/steps/${sitemap}`]);
    expect(Object.keys(sb.state.steps).map(Number)).toEqual(before.filter((id) => id !== sitemap));
  });

  it('steps delete without ids: answering n at the confirmation deletes nothing and exits 2', async () => {
    const sitemap = stepId('Sitemap draft');
    const before = Object.keys(sb.state.steps).length;
    const run = await deleteAskingFor(sitemap);
    run.type('n\r');
    const { code, output } = await run.done;
    expect(code).toBe(2);
    expect(visibleText(output)).toMatch(/error: cancelled; nothing was sent/);
    expect(sent('DELETE')).toEqual([]);
    expect(sb.state.steps[sitemap]).toBeDefined();
    expect(Object.keys(sb.state.steps)).toHaveLength(before);
  });

  it('docs create without a company: the only company the token reaches is used, without asking', async () => {
    const run = terminal(['docs', 'create', '--title', 'Solo company note', '-o', 'json']);
    await run.waitFor(/✓ created document/); // not stopped at a picker
    const { code, output } = await run.done;
    expect(code, visibleText(output)).toBe(0);
    expect(visibleText(output)).toMatch(
      /for Northwind Studio \(1\), the only company your token reaches \(--company 1\)/,
    );
    expect(visibleText(output)).not.toMatch(/Company of the new document/);
    const created = Object.values(sb.state.documents).filter((d) => d.title === 'Solo company note');
    expect(created.map((d) => d.company_id)).toEqual([1]);
    expect(sent('POST').map((r) => r.body)).toEqual([{ title: 'Solo company note', company_id: 1 }]);
  });

  it('docs create without a company: when the token reaches several, the person picks one', async () => {
    // The manager made a member of Globex too: the token now reaches both companies.
    sb.state.users[1]!.memberships.push({ company_id: 2, role: 'manager' });
    const run = terminal(['docs', 'create', '--title', 'Globex note', '-o', 'json']);
    await run.waitFor(/Company of the new document \(--company\)/);
    await run.waitFor(/Northwind Studio \(1\)/);
    await run.waitFor(/Globex Creative \(2\)/);
    expect(sent('POST')).toEqual([]);
    run.type('Globex');
    await run.waitFor(/Search: Globex/);
    run.type('\r');
    const { code, output } = await run.done;
    expect(code, visibleText(output)).toBe(0);
    const created = Object.values(sb.state.documents).filter((d) => d.title === 'Globex note');
    expect(created.map((d) => d.company_id)).toEqual([2]);
    expect(sent('POST').map((r) => r.body)).toEqual([{ title: 'Globex note', company_id: 2 }]);
  });

  it('auth login without --base-url asks for the service URL (checked as the flag is), then the token', async () => {
    const configDir = makeConfigDir();
    const run = startInPty(['auth', 'login'], { cols: 120, rows: 40, keepInput: true, env: baseEnv(configDir) });
    await run.waitFor(/Service URL \(--base-url\)/);
    await run.waitFor(/https:\/\/pm\.example\.com/); // the placeholder
    run.type('pm.example.com\r'); // no scheme: refused as --base-url refuses it, and asked again
    await run.waitFor(/the service URL must be a URL starting with http:\/\/ or https:\/\//);
    run.type('\u007f'.repeat('pm.example.com'.length));
    run.type(`${sb.baseUrl}/api/v1/\r`);
    await run.waitFor(/Paste the API token for 127\.0\.0\.1:\d+ \(input is hidden\)/);
    run.type(`${sb.tokens.member}\r`);
    const { code, output } = await run.done;
    expect(code, visibleText(output)).toBe(0);
    expect(visibleText(output)).toMatch(/Logged in to 127\.0\.0\.1:\d+ with profile default/);
    expect(output).not.toContain(sb.tokens.member);
    const config = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as {
      profiles: Record<string, unknown>;
    };
    expect(config.profiles.default).toEqual({
      base_url: sb.baseUrl,
      token: sb.tokens.member,
      token_service: sb.baseUrl,
    });
    expect(sent().map((r) => `${r.method} ${r.path} ${r.tokenRole}`)).toEqual(['GET /api/v1/steps member']);
  });

  it('docs edit with neither VISUAL nor EDITOR opens vi, the fallback, on the terminal', async () => {
    const blue = seedDocumentUuid(85);
    const ran = join(makeConfigDir(), 'vi-ran');
    const bin = scriptDir(
      'vi',
      `[ -t 0 ] && [ -t 1 ] && echo tty >> '${ran}'\necho "$1" >> '${ran}'\nsed -i 's/calmer/bolder/' "$1"`,
    );
    const env = { ...baseEnv(makeConfigDir()), ...sandboxEnv(sb), PWCTL_PAGER: '', PATH: `${bin}:${process.env.PATH}` };
    expect('VISUAL' in env || 'EDITOR' in env).toBe(false);
    const { code, output } = await startInPty(['docs', 'edit', blue, '-o', 'json'], { cols: 120, rows: 40, env }).done;
    expect(code, visibleText(output)).toBe(0);
    expect(existsSync(ran)).toBe(true);
    const [tty, file, ...rest] = readFileSync(ran, 'utf8').trim().split('\n');
    expect(tty).toBe('tty'); // vi had the terminal
    expect(file).toMatch(/pwctl-edit-[^/]+\/[^/]+\.md$/);
    expect(rest).toEqual([]); // run once
    expect(sb.state.documents[blue]!.content).toBe('A bolder, more coastal identity.');
    expect(sent('PUT').map((r) => r.body)).toEqual([{ content: 'A bolder, more coastal identity.' }]);
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

describe('steps edit, like docs edit', () => {
  it('an emptied buffer abandons the edit: nothing is sent and the body is not wiped', async () => {
    const id = stepId('Competitor review');
    const editor = join(scriptDir('empty-editor', ': > "$1"'), 'empty-editor');
    const r = await runCli(['steps', 'edit', String(id)], { env: { ...sandboxEnv(sb), EDITOR: editor } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/cancelled; nothing was sent: the edited text is empty/);
    expect(sent('PUT')).toEqual([]);
    expect(sb.state.steps[id]!.content).toBe('Review the three main competitors.');
  });
});
