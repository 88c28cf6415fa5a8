// Pipes: `pwctl … | head -1` closes stdout under pwctl while it is still writing. It must end
// quietly — nothing on stderr, no stack trace, exit status 0 — for lists, bulk verbs and
// `api --paginate`, in every output format.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { assertNoSecrets, baseEnv, cliCommand, makeConfigDir } from '../helpers/cli.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';
import { STACK_FRAME } from './support.js';

const EXTRA = 2500;
let sb: RunningSandbox;
let extraIds: number[];

beforeAll(async () => {
  sb = await startTestSandbox({ extraSteps: EXTRA });
  extraIds = Object.values(sb.state.steps)
    .filter((s) => s.title.startsWith('Bulk task '))
    .map((s) => s.id);
});
afterAll(() => sb.close());

/** `pwctl <args> 2>err | head -1` in bash: pwctl's own exit status, its stderr, and what head printed. */
async function throughHead(args: string[], stdin = ''): Promise<{ status: number; stderr: string; first: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'pwctl-pipe-'));
  const errFile = join(dir, 'stderr');
  const inFile = join(dir, 'stdin');
  const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
  const script = `printf %s ${quote(stdin)} > ${quote(inFile)}; ${cliCommand(args).flat().map(quote).join(' ')} < ${quote(inFile)} 2> ${quote(errFile)} | head -1; echo "pwctl-status=\${PIPESTATUS[0]}"`;
  const { stdout } = await promisify(execFile)('bash', ['-c', script], {
    env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(sb) },
    encoding: 'utf8',
    timeout: 30_000,
  });
  const status = Number(/pwctl-status=(\d+)/.exec(stdout)?.[1]);
  const stderr = readFileSync(errFile, 'utf8');
  assertNoSecrets({ stdout, stderr }, args, [sb.tokens.manager]);
  return { status, stderr, first: stdout.split('\n')[0]! };
}

describe('| head -1', () => {
  it.each([
    [['steps', 'list', '--all', '-o', 'ndjson'], /^\{"id":\d+,/],
    [['steps', 'list', '--all', '-o', 'json'], /^\[$/],
    [['steps', 'list', '--all', '-o', 'yaml'], /^- id: \d+$/],
    [['steps', 'list', '--all'], /^\d+\t/],
    [['api', '/steps', '--paginate'], /^\[$/],
    [['api', '/steps?per_page=1000'], /^\{"data":/],
    [['--help'], /^Usage: pwctl/],
    [['completion', 'bash'], /\S/],
  ])('pwctl %j ends quietly with status 0', async (args, first) => {
    const r = await throughHead(args);
    expect(r.first).toMatch(first);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('a bulk verb streaming ndjson results', async () => {
    const ids = extraIds.slice(0, 400);
    const r = await throughHead(['steps', 'complete', '-', '-o', 'ndjson', '-q'], ids.join('\n'));
    expect(JSON.parse(r.first)).toMatchObject({ ok: true });
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('a bulk verb without -q: still no stack trace or EPIPE message', async () => {
    const ids = extraIds.slice(400, 800);
    const r = await throughHead(['steps', 'reopen', ...ids.map(String), '-o', 'ndjson'], '');
    expect(JSON.parse(r.first)).toMatchObject({ ok: true });
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.stderr).not.toMatch(/EPIPE|write after end|Unhandled/i);
    expect(r.status).toBe(0);
  });

  it('a pipe closed before anything is written (head -0 equivalent: true)', async () => {
    const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
    const script = `${cliCommand(['steps', 'list', '--all', '-o', 'ndjson']).flat().map(quote).join(' ')} 2>&1 | true; echo "pwctl-status=\${PIPESTATUS[0]}"`;
    const { stdout } = await promisify(execFile)('bash', ['-c', script], {
      env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(sb) },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(stdout.trim()).toBe('pwctl-status=0');
  });
});
