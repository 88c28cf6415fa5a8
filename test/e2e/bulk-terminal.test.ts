// Bulk verbs as a person at a terminal sees them (a real pseudo-terminal from util-linux
// `script`): the progress line never mixes with table rows or notices, a rate-limit wait is
// said once, rows appear as items finish; and Ctrl-C in a table lists what was attempted
// and one summary line, not a row per item never tried.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, makeConfigDir } from '../helpers/cli.js';
import { hasPty, startInPty, visibleText } from '../helpers/pty.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

/** What a terminal shows after `raw`: carriage returns go back to the line start, ESC[K clears to its end. */
function screen(raw: string): string[] {
  const lines: string[] = [];
  for (const line of raw.replace(/\r\n/g, '\n').split('\n')) {
    let shown = '';
    let col = 0;
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '\r') col = 0;
      else if (line.startsWith('\u001b[K', i)) {
        shown = shown.slice(0, col);
        i += 2;
      } else if (line.startsWith('\u001b[', i)) {
        i = line.indexOf('m', i); // colour: not text
      } else {
        shown = shown.slice(0, col) + line[i] + shown.slice(col + 1);
        col++;
      }
    }
    lines.push(shown.trimEnd());
  }
  return lines.filter((l) => l !== '');
}

let sb: RunningSandbox;
beforeAll(async () => {
  // 20 requests per 2 s: a batch of 30 is rate limited once or twice on the way.
  sb = await startTestSandbox({ rateLimit: 20, rateWindowSec: 2, extraSteps: 40 });
});
afterAll(() => sb.close());

function inPty(args: string[]) {
  return startInPty(args, {
    cols: 100,
    rows: 200,
    keepInput: true,
    env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(sb), PWCTL_PAGER: '' },
  });
}

const bulkIds = () =>
  Object.values(sb.state.steps)
    .filter((s) => s.title.startsWith('Bulk task'))
    .slice(0, 30)
    .map((s) => String(s.id));

describe.skipIf(!hasPty)('bulk verbs on a terminal', () => {
  it('keep the progress line apart from rows and notices, say "waiting" at most once a wait, and print rows as items finish', async () => {
    const ids = bulkIds();
    const run = inPty(['steps', 'complete', ...ids]);
    const { code, output } = await run.done;
    expect(code).toBe(0);
    const lines = screen(output);
    // Nothing the progress line or a wait notice wrote is left on the screen.
    expect(lines.filter((l) => /\d+\/30 completed|waiting/.test(l))).toEqual([]);
    expect(lines.filter((l) => /^ID +RESULT +DETAIL$/.test(l))).toHaveLength(1);
    const rows = lines.filter((l) => /^\d+ +ok /.test(l));
    expect(rows.map((l) => l.split(/ +/)[0]).sort()).toEqual([...ids].sort());
    expect(lines.at(-1)).toBe('30 completed, 0 failed');
    // The raw output had a progress line, and each wait was announced in it, not on lines of its own.
    expect(output).toMatch(/\r\d+\/30 completed/);
    expect(output.split('\n').filter((l) => /rate limited/.test(l) && !/\r/.test(l))).toEqual([]);
    // The first row reached the terminal before the last item was sent: rows stream.
    const firstRow = output.search(/\n\d+ +ok /);
    expect(firstRow).toBeGreaterThan(-1);
    expect(output.indexOf('\r29/30 completed')).toBeGreaterThan(firstRow);
  });

  it('rows come in the order the ids were given, though the first item finishes last', async () => {
    // Ids the other tests leave alone; the first one's completion is held back a while.
    const ids = Object.values(sb.state.steps)
      .filter((s) => s.title.startsWith('Bulk task'))
      .slice(30, 36)
      .map((s) => String(s.id));
    sb.faults.add({ method: 'PUT', path: `/api/v1/steps/${ids[0]}`, action: { type: 'delay', ms: 1500 } });
    try {
      const { code, output } = await inPty(['steps', 'complete', ...ids, '--concurrency', '6']).done;
      expect(code).toBe(0);
      const rows = screen(output).filter((l) => /^\d+ +ok /.test(l));
      expect(rows.map((l) => l.split(/ +/)[0])).toEqual(ids);
    } finally {
      sb.faults.clear();
    }
  });

  it("steps import: rows of the file in the file's order", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pwctl-order-')), 'tasks.csv');
    const titles = ['Order one', 'Order two', 'Order three', 'Order four', 'Order five'];
    writeFileSync(file, `title,phase_id\n${titles.map((t) => `${t},41`).join('\n')}\n`);
    // The first create to reach the service (the first row's: rows start in order) is held back.
    sb.faults.add({ method: 'POST', path: '/api/v1/steps', action: { type: 'delay', ms: 1500 } });
    try {
      const { code, output } = await inPty(['steps', 'import', file, '--concurrency', '5']).done;
      expect(code).toBe(0);
      const rows = screen(output)
        .filter((l) => /^\d+ +\d+ +created /.test(l))
        .map((l) => l.split(/ +/).map(Number));
      expect(rows.map(([line]) => line)).toEqual([2, 3, 4, 5, 6]);
      // The first row's task was created last (the highest id): it finished last, and is listed first.
      expect(rows[0]![1]).toBe(Math.max(...rows.map(([, id]) => id!)));
    } finally {
      sb.faults.clear();
    }
  });

  it('Ctrl-C in a table: the attempted items, then one summary line, exit 130', async () => {
    sb.faults.add({ method: 'PUT', path: /^\/api\/v1\/steps\/\d+$/, count: 100, action: { type: 'delay', ms: 400 } });
    try {
      const ids = bulkIds();
      const run = inPty(['steps', 'reopen', ...ids, '--concurrency', '2']);
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (/\n\d+ +ok /.test(run.output())) {
            clearInterval(timer);
            resolve();
          }
        }, 20);
        run.done.then(() => reject(new Error('finished before it could be interrupted')));
      });
      // Ctrl-C typed at the terminal: the pty turns it into SIGINT for the command.
      run.child.stdin!.write('\u0003');
      const { code, output } = await run.done;
      expect(code).toBe(130);
      // The terminal echoes the Ctrl-C as ^C wherever its cursor is, which may be the start of a row.
      const lines = screen(output.replaceAll('^C', ''));
      expect(lines.filter((l) => /not attempted: interrupted/.test(l))).toEqual([]);
      const rows = lines.filter((l) => /^\d+ +ok /.test(l));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThan(30);
      const summary = lines.filter((l) => /reopened/.test(l));
      expect(summary).toHaveLength(1);
      const [, reopened, notAttempted] = /^(\d+) reopened, 0 failed, (\d+) not attempted \(interrupted\)$/
        .exec(summary[0]!)!
        .map(Number);
      expect(reopened! + notAttempted!).toBe(30);
      // Every row shown is counted. A row or two written just before the Ctrl-C may not be on
      // the screen: on Ctrl-C the terminal flushes its output queue (POSIX, unless NOFLSH), and
      // on a loaded machine the pseudo-terminal may not have been read before that.
      expect(reopened).toBeGreaterThanOrEqual(rows.length);
      expect(reopened! - rows.length).toBeLessThanOrEqual(2);
    } finally {
      sb.faults.clear();
    }
  });

  it('a long rate-limit wait counts down beside the progress, and Ctrl-C during it ends the run at once, sending nothing new', async () => {
    // 10 requests a minute: the eleventh is told to wait about a minute.
    const slow = await startTestSandbox({ rateLimit: 10, rateWindowSec: 60, extraSteps: 40 });
    try {
      const ids = Object.values(slow.state.steps)
        .filter((s) => s.title.startsWith('Bulk task'))
        .slice(0, 30)
        .map((s) => String(s.id));
      const run = startInPty(['steps', 'complete', ...ids], {
        cols: 100,
        rows: 200,
        keepInput: true,
        env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(slow), PWCTL_PAGER: '' },
      });
      await run.waitFor(/10\/30 completed · rate limited, resuming in \d+ s/);
      const shown = () => [...visibleText(run.output()).matchAll(/resuming in (\d+) s/g)].map((m) => Number(m[1]));
      // It counts down: a later second is drawn while the same wait goes on.
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const seconds = shown();
          if (seconds.at(-1)! < seconds[0]!) {
            clearInterval(timer);
            resolve();
          }
        }, 100);
      });
      const sentBefore = slow.requests.filter((r) => r.method !== 'GET').length;
      run.type('\u0003');
      await run.waitFor(/interrupting… \(Ctrl-C again to force\)/);
      // Ended long before the service's minute is up (the test would time out waiting it out).
      const { code, output } = await run.done;
      expect(code).toBe(130);
      const lines = screen(output.replaceAll('^C', ''));
      expect(lines.slice(-3)).toEqual([
        'interrupting… (Ctrl-C again to force)',
        '10 completed, 0 failed, 20 not attempted (interrupted)',
        'error: interrupted after 10 of 30 items',
      ]);
      expect(lines.filter((l) => /^\d+ +ok /.test(l))).toHaveLength(10);
      expect(slow.requests.filter((r) => r.method !== 'GET')).toHaveLength(sentBefore);
      expect(ids.filter((id) => slow.state.steps[Number(id)]!.completed)).toHaveLength(10);
    } finally {
      await slow.close();
    }
  }, 30_000);
});
