// Progress on a terminal for the admins' verbs (`steps import`, `export`, `docs pull`), run
// under a pseudo-terminal (util-linux `script`). Skipped where `script` is not installed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, makeConfigDir } from '../helpers/cli.js';
import { hasPty, runInPty as runOnTerminal } from '../helpers/pty.js';
import { sandboxEnv } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();

/** Runs pwctl with stdout and stderr on one pseudo-terminal; returns what it showed. */
function runInPty(args: string[]): Promise<{ code: number | null; output: string }> {
  return runOnTerminal(args, { cols: 150, rows: 40, env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb) } });
}

describe.skipIf(!hasPty)('progress on a terminal', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'pwctl-tty-'));

  it('steps import counts the rows created', async () => {
    const csv = join(dir(), 'plan.csv');
    writeFileSync(csv, `title\n${Array.from({ length: 12 }, (_, i) => `Row ${i + 1}`).join('\n')}\n`);
    const r = await runInPty(['steps', 'import', csv, '--phase', '41']);
    expect(r.code).toBe(0);
    expect(r.output).toMatch(/12\/12 created/);
    expect(r.output).toMatch(/12 created, 0 failed\n/);
  });

  it('export counts the records of each list as they are written', async () => {
    const r = await runInPty(['export', join(dir(), 'backup')]);
    expect(r.code).toBe(0);
    expect(r.output).toMatch(/exporting: \d+ documents, \d+ tasks, \d+ milestones, \d+ webhooks/);
  });

  it('docs pull counts the documents written', async () => {
    const r = await runInPty(['docs', 'pull', join(dir(), 'handbook')]);
    expect(r.code).toBe(0);
    expect(r.output).toMatch(/pulled \d+ documents/);
    expect(r.output).toMatch(/6 documents pulled into /);
  });
});
