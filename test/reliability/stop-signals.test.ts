// SIGHUP (the terminal went away: a closed window, a dropped ssh connection) stops the commands
// that clean up as they stop just as Ctrl-C and SIGTERM do, instead of killing them where they
// stand: `webhooks listen` prints its summary and closes its inbox, `mcp` answers what it was
// asked and exits 0. (Export and bulk verbs: test/e2e/export-failure.test.ts and
// restore-resume.test.ts.)
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { baseEnv, CANARY_WEBHOOK_SECRET, cliCommand, makeConfigDir } from '../helpers/cli.js';
import { sign, startListen } from './support.js';

describe('SIGHUP', () => {
  it('webhooks listen: the summary line and exit 0, as on Ctrl-C', async () => {
    const listener = await startListen(['--secret', CANARY_WEBHOOK_SECRET, '-o', 'ndjson', '--no-inbox']);
    const body = JSON.stringify({ id: 7, title: 'x', completed: true });
    const response = await fetch(`${listener.origin}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Signature: sign(CANARY_WEBHOOK_SECRET, body) },
      body,
    });
    expect(response.status).toBeLessThan(300);
    const { code, signal, stderr } = await listener.stop('SIGHUP');
    expect([code, signal]).toEqual([0, null]);
    expect(stderr).toMatch(/^received 1, verified 1, rejected 0/m);
  });

  it('mcp: ends as when its client closes the pipe, exit 0', async () => {
    const configDir = makeConfigDir();
    const child = spawn(...cliCommand(['mcp', '--sandbox']), {
      env: baseEnv(configDir),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const closed = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('close', (code, signal) => resolve([code, signal])),
    );
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`,
    );
    while (!out.includes('"id":1')) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGHUP');
    expect(await closed).toEqual([0, null]);
  });
});
