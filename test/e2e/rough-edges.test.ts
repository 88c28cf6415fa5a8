// The rough edges of issue 32's "Polish" a user meets at a shell, each told in one line that
// says what to type instead: `-v` for the version, a date without its zeros, an import header
// in a spreadsheet's words, a profile name mistyped, an https:// URL to a plain HTTP port, a
// base URL with a path; and bulk summaries that tell "already completed" from "completed".
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeConfigDir, runInProcess } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;
const step = (id: number) => cli.sb.state.steps[id]!;

describe('-v points to the version', () => {
  it('pwctl -v is a usage error naming -V and `pwctl version`; -V still prints the version', async () => {
    const r = await pw(['-v']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("error: unknown option '-v'; for the version use -V or `pwctl version`\n");
    const version = await pw(['-V']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('a date written without its zeros suggests the date it can only mean', () => {
  it('every date flag: --due, --due-before, --due (or none), --since', async () => {
    cli.expectUsageError(
      await pw(['steps', 'create', '--phase', '41', '--title', 'x', '--due', '2026-1-5']),
      /^error: --due must be a date: YYYY-MM-DD \(e\.g\. 2026-12-31\), today, tomorrow, \+3d or \+2w; got "2026-1-5" \(did you mean 2026-01-05\?\)$/,
    );
    cli.expectUsageError(
      await pw(['milestones', 'create', '--project', '31', '--title', 'x', '--due', '2026/01/05']),
      /got "2026\/01\/05" \(did you mean 2026-01-05\?\)$/,
    );
    cli.expectUsageError(
      await pw(['steps', 'list', '--due-before', '2026-12-1']),
      /^error: --due-before must be a date: .*; got "2026-12-1" \(did you mean 2026-12-01\?\)$/,
    );
    cli.expectUsageError(
      await pw(['steps', 'update', '101', '--due', '2026-1-5']),
      /got "2026-1-5" \(did you mean 2026-01-05\?\); or none to clear it$/,
    );
    cli.expectUsageError(
      await pw(['webhooks', 'deliveries', 'list', '--since', '2026-1-5']),
      /^error: --since must be a time: .*; got "2026-1-5" \(did you mean 2026-01-05\?\)$/,
    );
  });

  it('no suggestion where the reading is not a real day, or not year-first', async () => {
    for (const value of ['2026-2-30', '2026-13-1', '5-1-2026', '1/5/2026']) {
      const r = await pw(['steps', 'create', '--phase', '41', '--title', 'x', '--due', value]);
      cli.expectUsageError(r, /^error: --due must be a date: /);
      expect(r.stderr, value).not.toMatch(/did you mean/);
    }
  });

  it('an import row: due_date 2026-1-5 names its line and the date', async () => {
    const file = join(makeConfigDir(), 'plan.csv');
    writeFileSync(file, 'title,phase_id,due_date\nA,41,2026-1-5\n');
    cli.expectUsageError(
      await pw(['steps', 'import', file]),
      /^error: line 2: due_date must be a date in the form YYYY-MM-DD \(e\.g\. 2026-12-31\), got "2026-1-5" \(did you mean 2026-01-05\?\)$/,
    );
  });
});

describe("an import header in a spreadsheet's words", () => {
  it('`Due` suggests due_date and nothing is created; `Due date` already works', async () => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, 'a.csv'), 'Title,Phase ID,Due\nA,41,2026-01-05\n');
    cli.expectUsageError(
      await pw(['steps', 'import', join(dir, 'a.csv')]),
      /^error: line 1: "Due" is not a field of a task import: did you mean due_date\? \(fields: title, phase_id, /,
    );
    writeFileSync(join(dir, 'b.csv'), 'Title;Phase ID;Due date\nA;41;2026-01-05\n');
    const ok = await pw(['steps', 'import', join(dir, 'b.csv'), '-q']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(Object.values(cli.sb.state.steps).find((s) => s.title === 'A')?.due_date).toMatch(/^2026-01-05/);
  });
});

describe('auth switch to a profile that is not stored', () => {
  it('suggests the closest stored profile and lists them all, as --profile does', async () => {
    const configDir = makeConfigDir();
    for (const profile of ['staging', 'prod']) {
      const login = await runInProcess(
        ['auth', 'login', '--with-token', '--base-url', cli.sb.baseUrl, '--profile', profile, '--insecure-storage'],
        { configDir, stdin: `${cli.sb.tokens.manager}\n` },
      );
      expect(login.code, login.stderr).toBe(0);
    }
    const sentence =
      'no stored profile "stagin" (did you mean staging?); stored profiles: prod, staging (`pwctl auth login --profile stagin --base-url <url>` creates it)';
    const r = await runInProcess(['auth', 'switch', 'stagin'], { configDir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: ${sentence}\n`);
    const flag = await runInProcess(['--profile', 'stagin', 'steps', 'list'], { configDir, env: { PWCTL_TOKEN: 'x' } });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toBe(`error: ${sentence}\n`);
  });
});

describe('a base URL that is not quite the service', () => {
  it('https:// to a port that speaks plain HTTP says so once, names the http:// URL, and retries nothing', async () => {
    const base = cli.sb.baseUrl.replace(/^http:/, 'https:');
    const r = await pw(['--base-url', `${base}/app`, 'steps', 'list']);
    expect(r.code).toBe(7);
    const host = new URL(cli.sb.baseUrl).host;
    expect(r.stderr).toBe(
      `error: GET /app/api/v1/steps?per_page=30: the server at ${host} answered in plain HTTP; use http://${host}/app\n`,
    );
    expect(cli.sent('/')).toEqual([]);
  });

  it('a path the API does not have: "drop the path", naming the URL to try', async () => {
    const r = await pw(['--base-url', `${cli.sb.baseUrl}/app`, 'steps', 'list']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      `error: GET /app/api/v1/steps?per_page=30: 404 Not Found: this does not look like the Project Work Service at ${new URL(cli.sb.baseUrl).host} (it has no such list); drop the path /app from --base-url: try ${cli.sb.baseUrl}\n`,
    );
    // The URL it names works.
    expect((await pw(['--base-url', cli.sb.baseUrl, 'steps', 'list', '-q'])).code).toBe(0);
  });
});

describe('bulk summaries tell "already" apart', () => {
  it('steps complete: `2 completed, 1 already completed`; JSON keeps ok:true with a note', async () => {
    expect(step(101).completed).toBe(true);
    const r = await pw(['steps', 'complete', '103', '101', '105']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('2 completed, 1 already completed, 0 failed\n');
    expect(r.stdout).toContain('101\tok\tKickoff call with Acme — already completed; nothing was sent\n');
    expect(cli.sent('/api/v1/steps', 'PUT').map((e) => e.path)).toEqual(['/api/v1/steps/103', '/api/v1/steps/105']);
    const json = await pw(['steps', 'complete', '101', '103', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject([
      { id: 101, ok: true, note: 'already completed; nothing was sent', data: { id: 101 } },
      { id: 103, ok: true, data: { id: 103 } },
    ]);
  });

  it('steps reopen: `2 reopened, 1 already open`, and nothing is sent for the open one', async () => {
    expect([step(101).completed, step(104).completed, step(103).completed]).toEqual([true, true, false]);
    const r = await pw(['steps', 'reopen', '101', '103', '104']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('2 reopened, 1 already open, 0 failed\n');
    expect(r.stdout).toContain('103\tok\tStakeholder interviews — already open; nothing was sent\n');
    expect(cli.sent('/api/v1/steps', 'PUT').map((e) => e.path)).toEqual(['/api/v1/steps/101', '/api/v1/steps/104']);
    expect([step(101).completed, step(104).completed]).toEqual([false, false]);
  });

  it("a failure's detail shows its status once: prefixed only when the message does not name it", async () => {
    const r = await pw(['steps', 'complete', '107', '999', '--approve']);
    expect(r.code).toBe(8);
    expect(r.stdout).toContain('999\tfailed\tGET /api/v1/steps/999: 404 Not Found: Task not found.\n');
    expect(r.stdout).toMatch(/^107\tfailed\t422 task 107 refused --approve: /m);
  });
});
