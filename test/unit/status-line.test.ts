// The status line is drawn from its parts: the count, a rate-limit wait counting down; an
// interruption is said on a line of its own and hides the countdown.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StatusLine } from '../../src/cli/status-line.js';
import { IO } from '../../src/io/io.js';

function terminal() {
  const stderr = new PassThrough();
  let written = '';
  stderr.on('data', (c: Buffer) => (written += c.toString()));
  const io = new IO(
    { stdin: new PassThrough(), stdout: new PassThrough(), stderr },
    { stdinIsTTY: true, stdoutIsTTY: true, stderrIsTTY: true, stdoutColor: 0, stderrColor: 0 },
  );
  return { io, written: () => written };
}

describe('StatusLine', () => {
  it('counts down to the end of the longest wait asked for, beside the progress', () => {
    let now = 1_000_000;
    const { io } = terminal();
    const line = new StatusLine(io, () => now);
    line.progress('61/200 completed');
    expect(line.text()).toBe('61/200 completed');
    line.rateLimited(42_000);
    expect(line.text()).toBe('61/200 completed · rate limited, resuming in 42 s');
    line.rateLimited(10_000); // a shorter wait asked by another request does not shorten the countdown
    now += 1_500;
    expect(line.text()).toBe('61/200 completed · rate limited, resuming in 41 s');
    now += 41_000;
    expect(line.text()).toBe('61/200 completed');
    line.end();
    expect(line.text()).toBeUndefined();
  });

  it('an interruption is a line of its own, said once, and the countdown stops', async () => {
    const { io, written } = terminal();
    const line = new StatusLine(io);
    line.progress('3/30 completed');
    line.rateLimited(60_000);
    line.interrupting();
    line.interrupting();
    expect(line.text()).toBe('3/30 completed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(written().match(/interrupting… \(Ctrl-C again to force\)\n/g)).toHaveLength(1);
    line.end();
  });

  it('draws nothing where stderr is not a terminal', async () => {
    const stderr = new PassThrough();
    let written = '';
    stderr.on('data', (c: Buffer) => (written += c.toString()));
    const io = new IO(
      { stdin: new PassThrough(), stdout: new PassThrough(), stderr },
      { stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false, stdoutColor: 0, stderrColor: 0 },
    );
    const line = new StatusLine(io);
    line.progress('1/20 completed');
    line.rateLimited(5_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toBe('');
    line.end();
  });
});
