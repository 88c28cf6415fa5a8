// Runs of the command line in one process share nothing: a test runner, or anything else
// that runs pwctl many times in one process, gets each run's output from that run's own
// terminal, each run's settings from its own environment, and no state, listener or flag
// left behind by an earlier run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.js';
import { Terminal } from '../../src/io/terminal.js';
import { baseEnv, makeConfigDir } from '../helpers/cli.js';
import { CapturedOutput, memoryTerminal } from '../helpers/fake-io.js';

const env = () => baseEnv(makeConfigDir());

async function runIn(args: string[], environment = env()) {
  const t = memoryTerminal();
  const code = await run(args, environment, t.terminal);
  return { code, stdout: t.stdout.text(), stderr: t.stderr.text() };
}

describe('runs of the CLI in one process', () => {
  it('write help and help topics to their own terminal, not to the process', async () => {
    const help = await runIn(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: pwctl /);
    const noun = await runIn(['steps']);
    expect(noun.stdout).toMatch(/^Usage: pwctl steps\|tasks /);
    const topic = await runIn(['help', 'exit-codes']);
    expect(topic.stdout).toMatch(/8 {2}bulk verb/);
  });

  it('a run whose stdout reader went away ends quietly; the next run still reports its error', async () => {
    const stderr = new CapturedOutput(false, undefined);
    const gone = new Writable({
      write: (_chunk, _encoding, done) => done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })),
    });
    const closed = new Terminal(
      { stdin: new PassThrough().end(), stdout: gone, stderr },
      { stdin: false, stdout: false, stderr: false },
    );
    expect(await run(['help', 'exit-codes'], env(), closed)).toBe(0);
    expect(stderr.text()).toBe('');
    expect(closed.stdoutClosed).toBe(true);

    const next = await runIn(['config', 'get', 'colour']);
    expect(next.code).toBe(2);
    expect(next.stderr).toMatch(/^error: unknown config key "colour"/);
  });

  it('leave no signal listener behind (an MCP server that has closed)', async () => {
    const count = () => Object.fromEntries(['SIGINT', 'SIGTERM', 'SIGHUP'].map((s) => [s, process.listenerCount(s)]));
    const before = count();
    for (let i = 0; i < 3; i++) {
      // stdin ends at once: the server closes as an agent's host closing the pipe would.
      const r = await runIn(['mcp']);
      expect(r.code, r.stderr).toBe(0);
    }
    expect(count()).toEqual(before);
  });

  it('take the home directory from their own environment', async () => {
    const home = mkdtempSync(join(tmpdir(), 'pwctl-home-'));
    const environment: Record<string, string> = { ...env(), HOME: home };
    delete environment.PWCTL_CONFIG_DIR;
    const r = await runIn(['config', 'path'], environment);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${join(home, '.config', 'pwctl-nodejs', 'config.json')}\n`);
  });
});
