// The small things an audit found at a terminal (issue 24 item 14): an empty list says so, a
// usage error with --jq is said once to a person, an empty detail value shows "—", webhooks
// create names its company as every view does, export's summary is in local time and its
// manifest names the sandbox rather than a port, `pwctl mcp` started by hand says what it
// waits for, and bulk verbs' stdin hint is one line.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, makeConfigDir } from '../helpers/cli.js';
import { hasPty, runInPty, startInPty, visibleText } from '../helpers/pty.js';
import { sandboxEnv } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;
const terminal = (args: string[], input?: string) =>
  runInPty(args, {
    cols: 120,
    env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb), PWCTL_PAGER: '' },
    ...(input === undefined ? {} : { input }),
  });

describe.skipIf(!hasPty)('at a terminal', () => {
  it('an empty list says so on stderr, for every list', async () => {
    for (const [args, said] of [
      [['webhooks', 'list'], 'no webhooks'],
      [['milestones', 'list', '--search', 'zzz-nothing'], 'no milestones match'],
      [['docs', 'list', '--search', 'zzz-nothing'], 'no documents match'],
      [['steps', 'list', '--search', 'zzz-nothing'], 'no tasks match'],
    ] as const) {
      const r = await terminal([...args]);
      expect(r.code, r.output).toBe(0);
      expect(visibleText(r.output)).toContain(said);
    }
    // Into a pipe the empty table is empty, and nothing is said.
    const piped = await pw(['webhooks', 'list']);
    expect(piped.stdout).toBe('');
    expect(piped.stderr).toBe('');
  });

  it('a usage error with --jq is one line for a person; the JSON error line is for a pipe', async () => {
    const r = await terminal(['steps', 'list', '--jq', '.[', '--limit', 'x']);
    expect(r.code).toBe(2);
    const shown = visibleText(r.output);
    expect(shown.match(/error: /g)).toHaveLength(1);
    expect(shown).not.toContain('{"error"');
    const piped = await pw(['steps', 'list', '--jq', '.[', '--limit', 'x']);
    expect(
      piped.stderr
        .trim()
        .split('\n')
        .map((l) => l.startsWith('{"error"')),
    ).toEqual([false, true]);
  });

  it('an empty value in a record shows as —', async () => {
    const r = await terminal(['steps', 'get', '102', '--include', 'tags']);
    expect(r.code).toBe(0);
    expect(visibleText(r.output)).toMatch(/^due: +—$/m);
    expect(visibleText(r.output)).toMatch(/^tags: +—$/m);
    // Into a pipe an empty value stays empty after its tab, for a program to read.
    expect((await pw(['steps', 'get', '102'])).stdout).toMatch(/^due:\t$/m);
  });

  it('export: the summary in local time, like tables', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pwctl-export-')), 'backup');
    const r = await runInPty(['--sandbox', 'export', dir], { cols: 120, env: { ...baseEnv(makeConfigDir()) } });
    expect(r.code, r.output).toBe(0);
    // Today's time with its offset; the date too only on another day (issue 32).
    expect(visibleText(r.output)).toMatch(/^exported: +(\d{4}-\d\d-\d\d )?\d\d:\d\d [+-]\d\d:\d\d$/m);
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))).toEqual(
      expect.objectContaining({ base_url: 'sandbox', service: 'sandbox' }),
    );
  });

  it('pwctl mcp started by hand says what it waits for, and Ctrl-D ends it', async () => {
    const run = startInPty(['mcp'], {
      cols: 200,
      keepInput: true,
      env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb) },
    });
    await run.waitFor(/pwctl mcp: serving \d+ tools to an MCP client on standard input/);
    run.type('\u0004');
    expect((await run.done).code).toBe(0);
  });

  it('a bulk verb reading ids from the terminal says so once', async () => {
    const run = startInPty(['steps', 'reopen', '-'], {
      cols: 120,
      keepInput: true,
      env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb) },
    });
    await run.waitFor(/reading ids, one per line, from standard input; end with Ctrl-D/);
    run.type('101\n\u0004');
    const { code, output } = await run.done;
    expect(code).toBe(0);
    expect(visibleText(output).match(/standard input/g)).toHaveLength(1);
  });
});

describe('webhooks create', () => {
  it('shows the company as Title (id), as every other view does; scripts get the answer as sent, without an extra request', async () => {
    const table = await pw(
      ['webhooks', 'create', '--url', 'https://example.com/hook', '--event', 'task.completed', '--company', '1'],
      { allowSecrets: true },
    );
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^company:\t.+ \(1\)$/m);
    cli.mark();
    const json = await pw(
      [
        'webhooks',
        'create',
        '--url',
        'https://example.com/hook2',
        '--event',
        'task.completed',
        '--company',
        '1',
        '-o',
        'json',
      ],
      { allowSecrets: true },
    );
    expect(JSON.parse(json.stdout)).toMatchObject({ company_id: 1 });
    expect(cli.sent('/api/v1/webhooks', 'GET')).toEqual([]);
  });
});
