// An IO over in-memory streams, for unit tests of the output layer: what was written to stdout comes back as text.
import { PassThrough } from 'node:stream';
import { IO } from '../../src/io.js';

export function fakeIO(tty = false): { io: IO; out: () => string; stdout: PassThrough & { columns?: number } } {
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (c: Buffer) => chunks.push(c));
  const io = new IO({ stdin: new PassThrough(), stdout, stderr: new PassThrough() }, { stdinIsTTY: false, stdoutIsTTY: tty, stderrIsTTY: false, stdoutColor: 0, stderrColor: 0 });
  return { io, out: () => Buffer.concat(chunks).toString('utf8'), stdout };
}
