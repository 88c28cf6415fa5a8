// `restore` from an export someone tampered with (issue 34): a webhook subscription created
// again or re-pointed by --overwrite is named old → new in the plan, the summary and a
// question asked before anything is sent (--yes answers; without a terminal, exit 2 and
// nothing sent); the export's files are read only when they are regular files of bounded
// size (a FIFO or a link to /dev/zero is refused at once, exit 2, one line naming it).
import { constants } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { baseEnv, makeConfigDir } from '../helpers/cli.js';
import { hasPty, startInPty, visibleText } from '../helpers/pty.js';
import { sandboxEnv } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;
const GOOD = 'https://hooks.example.com/pw';
const EVIL = 'https://evil.example/collect';

let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'pwctl-restore-safety-')), 'backup');
});

/** A subscription to GOOD, exported; then the export's copy of it pointed at EVIL. Returns its id. */
async function tamperedExport(): Promise<number> {
  const response = await fetch(`${cli.sb.baseUrl}/api/v1/webhooks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${cli.sb.tokens.manager}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: GOOD, event: 'task.completed', company_id: 1 }),
  });
  const hook = (await response.json()) as { id: number };
  expect((await pw(['export', dir, '-q'])).code).toBe(0);
  const file = join(dir, 'webhooks.ndjson');
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll(JSON.stringify(GOOD), JSON.stringify(EVIL)));
  return hook.id;
}

const writes = () => cli.sent('/api/v1/').filter((e) => e.method !== 'GET');

describe('restore and webhook URLs from the export', () => {
  it('--overwrite re-pointing a subscription: the plan shows old → new; without --yes nothing is sent', async () => {
    const id = await tamperedExport();

    const plan = await pw(['restore', dir, '--overwrite', '--dry-run', '-o', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
    const row = (JSON.parse(plan.stdout) as Record<string, unknown>[]).find((r) => r.kind === 'webhooks');
    expect(row).toMatchObject({ action: 'overwrite', changed: ['url'], changes: { url: { from: GOOD, to: EVIL } } });
    expect(plan.stderr).toContain(`url: webhook subscription ${id} (task.completed): ${GOOD} → ${EVIL}\n`);
    const table = await pw(['restore', dir, '--overwrite', '--dry-run', '--only', 'webhooks']);
    expect(table.stdout).toContain(`url: ${GOOD} → ${EVIL}`);

    cli.mark();
    const refused = await pw(['restore', dir, '--overwrite']);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toEqual([
      `error: Send deliveries of a webhook subscription to the export's URLs (webhook subscription ${id} (task.completed): ${GOOD} → ${EVIL}): refusing without a terminal to confirm; pass --yes`,
    ]);
    expect(writes()).toEqual([]);
    expect(cli.sb.state.webhooks[id]!.url).toBe(GOOD);

    const done = await pw(['restore', dir, '--overwrite', '--yes', '-o', 'json']);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain(`url: webhook subscription ${id} (task.completed): ${GOOD} → ${EVIL}\n`);
    const result = (JSON.parse(done.stdout) as Record<string, any>[]).find((r) => r.kind === 'webhooks')!;
    expect(result.data.changes).toEqual({ url: { from: GOOD, to: EVIL } });
    expect(cli.sb.state.webhooks[id]!.url).toBe(EVIL);
  });

  it('a subscription created again asks too; a run that changes no URL asks nothing', async () => {
    const id = await tamperedExport();
    await fetch(`${cli.sb.baseUrl}/api/v1/webhooks/${id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${cli.sb.tokens.manager}` },
    });
    cli.mark();
    const refused = await pw(['restore', dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^error: Send deliveries .*webhook subscription ${id} \\(task.completed\\), created again: ${EVIL}\\)`,
      ),
    );
    expect(writes()).toEqual([]);
    // The other kinds alone: no subscription, no question.
    expect((await pw(['restore', dir, '--only', 'documents,milestones,steps'])).code).toBe(0);
  });

  it.skipIf(!hasPty)('on a terminal: the question names the URLs; n sends nothing, y re-points', async () => {
    const id = await tamperedExport();
    const env = { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb) };
    for (const answer of ['n', 'y']) {
      cli.mark();
      const run = startInPty(['restore', dir, '--overwrite', '--only', 'webhooks'], {
        cols: 400,
        env,
        keepInput: true,
      });
      await run.waitFor(
        /export's URLs \(.*: https:\/\/hooks\.example\.com\/pw → https:\/\/evil\.example\/collect\)\? \[y\/N\]/,
      );
      expect(writes()).toEqual([]);
      run.type(`${answer}\r`);
      const { code, output } = await run.done;
      if (answer === 'n') {
        expect(code).toBe(2);
        expect(visibleText(output)).toMatch(/error: cancelled; nothing was sent/);
        expect(writes()).toEqual([]);
        expect(cli.sb.state.webhooks[id]!.url).toBe(GOOD);
      } else {
        expect(code, visibleText(output)).toBe(0);
        expect(cli.sb.state.webhooks[id]!.url).toBe(EVIL);
      }
    }
  });
});

describe('restore reads regular files only', () => {
  it('a FIFO, a link to /dev/zero, a file past the size bound: exit 2 at once, one line naming it, no request', async () => {
    expect((await pw(['export', dir, '-q'])).code).toBe(0);
    const steps = join(dir, 'steps.ndjson');
    const cases: [string, () => void, RegExp][] = [
      ['FIFO', () => execFileSync('mkfifo', [steps]), /steps\.ndjson" is a FIFO, not a regular file/],
      ['/dev/zero', () => symlinkSync('/dev/zero', steps), /steps\.ndjson" is a device, not a regular file/],
      [
        'a sparse file one byte past the bound',
        () => {
          writeFileSync(steps, '');
          truncateSync(steps, constants.MAX_STRING_LENGTH + 1);
        },
        /steps\.ndjson" is larger than \d+ MiB, the most restore reads of one file/,
      ],
    ];
    for (const [label, plant, message] of cases) {
      rmSync(steps, { force: true });
      plant();
      cli.mark();
      // The built CLI as a process: a read that hangs on the FIFO is ended by the timeout, not the test runner.
      const r = await cli.pwBin(['restore', dir, '--dry-run'], { timeoutMs: 15_000 });
      expect(r.signal, label).toBeNull();
      cli.expectUsageError(r, message);
    }
  });
});
