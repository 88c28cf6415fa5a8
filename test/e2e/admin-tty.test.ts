// Progress on a terminal for the admins' verbs (`steps import`, `export`, `docs pull`), run
// under a pseudo-terminal (util-linux `script`). Skipped where `script` is not installed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, baseEnv, makeConfigDir } from '../helpers/cli.js';
import { sandboxEnv } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const SCRIPT = '/usr/bin/script';
const cli = useSandboxCli();
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs pwctl with stdout and stderr on one pseudo-terminal; returns what it showed. */
function runInPty(args: string[]): Promise<{ code: number | null; output: string }> {
  const command = `stty cols 150 rows 40 2>/dev/null; exec ${[process.execPath, BIN, ...args].map(quote).join(' ')}`;
  const env = { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb), TERM: 'xterm' };
  return new Promise((resolve, reject) => {
    const child = spawn(SCRIPT, ['-qec', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output: output.replace(/\r/g, '') }));
    child.stdin.end();
  });
}

describe.skipIf(!existsSync(SCRIPT))('progress on a terminal', () => {
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
