import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { applyKeys, promptSecret } from '../../src/auth/prompt-secret.js';
import { IO } from '../../src/io/io.js';

describe('applyKeys', () => {
  it.each([
    ['abc\r', { value: 'abc', done: 'submit' }],
    ['abc\n', { value: 'abc', done: 'submit' }],
    ['abc\u0004', { value: 'abc', done: 'submit' }],
    ['ab\u0003c', { value: 'ab', done: 'cancel' }],
    ['abc\u007f\u007fd', { value: 'ad' }],
    ['abc\bd', { value: 'abd' }],
    ['abc\u0015xy', { value: 'xy' }],
    ['sbx_one two  \u0017\u0017x', { value: 'x' }], // Ctrl-W: a word (and the spaces after it) at a time
    ['abc-def\u0017', { value: 'abc-' }],
    ['ab\u0001c\u0005d', { value: 'abcd' }], // Ctrl-A and Ctrl-E: no cursor to move in hidden input
    ['a\u001b[Db', { value: 'ab' }], // a cursor key is not part of the token
    ['\u001b[200~tok\u001b[201~\r', { value: 'tok', done: 'submit' }], // bracketed paste markers
    ['a\tb', { value: 'ab' }],
  ])('%j → %j', (chunk, expected) => {
    expect(applyKeys({ value: '' }, chunk)).toEqual(expected);
  });

  it('continues from earlier chunks and deletes whole characters', () => {
    const first = applyKeys({ value: '' }, 'tok€');
    expect(applyKeys(first, '\u007f\r')).toEqual({ value: 'tok', done: 'submit' });
  });
});

function fakeTerminal() {
  const stdin = new PassThrough() as PassThrough & {
    isTTY: boolean;
    isRaw: boolean;
    setRawMode(mode: boolean): void;
    modes: boolean[];
  };
  stdin.isTTY = true;
  stdin.isRaw = false;
  stdin.modes = [];
  stdin.setRawMode = (mode: boolean) => {
    stdin.isRaw = mode;
    stdin.modes.push(mode);
  };
  const stderr = new PassThrough();
  let shown = '';
  stderr.on('data', (c: Buffer) => (shown += c.toString()));
  const io = new IO(
    { stdin: stdin as unknown as PassThrough, stdout: new PassThrough(), stderr },
    { stdinIsTTY: true, stdoutIsTTY: true, stderrIsTTY: true, stdoutColor: 0, stderrColor: 0 },
  );
  return { io, stdin, shown: () => shown };
}

describe('promptSecret', () => {
  it('reads in raw mode without echo and restores the terminal', async () => {
    const { io, stdin, shown } = fakeTerminal();
    const answer = promptSecret(io, 'Token: ');
    stdin.write('sec');
    stdin.write('ret\r');
    await expect(answer).resolves.toBe('secret');
    expect(stdin.modes).toEqual([true, false]);
    expect(shown()).toBe('Token: \n');
  });

  it('Ctrl-C cancels with an interruption (exit 130), and the terminal is restored', async () => {
    const { io, stdin } = fakeTerminal();
    const answer = promptSecret(io, 'Token: ');
    stdin.write('sec\u0003');
    await expect(answer).rejects.toMatchObject({ name: 'InterruptedError' });
    expect(stdin.isRaw).toBe(false);
  });
});
