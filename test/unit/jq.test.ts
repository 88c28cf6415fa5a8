import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CommandFailedError, UsageError } from '../../src/errors.js';
import { IO } from '../../src/io/io.js';
import { JqFilter } from '../../src/output/jq.js';
import type { View } from '../../src/output/view.js';
import { OutputWriter } from '../../src/output/writer.js';

function fakeIO(tty = false): { io: IO; out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks: Buffer[] = [];
  const errs: Buffer[] = [];
  stdout.on('data', (c: Buffer) => chunks.push(c));
  stderr.on('data', (c: Buffer) => errs.push(c));
  const io = new IO(
    { stdin: new PassThrough(), stdout, stderr },
    { stdinIsTTY: false, stdoutIsTTY: tty, stderrIsTTY: false, stdoutColor: 0, stderrColor: 0 },
  );
  return { io, out: () => Buffer.concat(chunks).toString('utf8'), err: () => Buffer.concat(errs).toString('utf8') };
}

const VIEW: View<{ id: number; title: string }> = { fields: ['id', 'title'], columns: [] };

async function* slowly<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    yield item;
  }
}

describe('JqFilter', () => {
  it('prints as jq -r: strings raw (whitespace kept), anything else compact JSON, one per line', async () => {
    const jq = await JqFilter.compile('.[] | .title, .id, {id}', {});
    expect(jq.run('[{"id":1,"title":"  padded  "},{"id":2,"title":"x\\ny"}]').text).toBe(
      '  padded  \n1\n{"id":1}\nx\ny\n2\n{"id":2}\n',
    );
    expect(jq.run('[]').text).toBe('');
  });

  it("refuses an expression that does not compile, with a position in the user's own text", async () => {
    await expect(JqFilter.compile('.a[', {})).rejects.toThrow(UsageError);
    await expect(JqFilter.compile('.a[', {})).rejects.toThrow(/syntax error.*line 1, column 3/);
    await expect(JqFilter.compile('.a | nosuchfn', {})).rejects.toThrow(
      /nosuchfn\/0 is not defined at line 1, column 6/,
    );
    await expect(JqFilter.compile('$undefined', {})).rejects.toThrow(/\$undefined is not defined/);
    await expect(JqFilter.compile('  ', {})).rejects.toThrow(/needs an expression/);
  });

  it('tells a runtime error on some input from a compile error: it compiles, and fails only when run', async () => {
    const jq = await JqFilter.compile('.[] | .id + "x"', {});
    const result = jq.run('[{"id":1}]');
    expect(result.error).toMatch(/^--jq: number \(1\) and string \("x"\) cannot be added/);
  });

  it('never runs the expression while compiling it (no hang on an endless one)', async () => {
    await expect(JqFilter.compile('repeat(1)', {})).resolves.toBeInstanceOf(JqFilter);
  });
});

describe('OutputWriter --jq', () => {
  it('json: runs once on the whole list as one array', async () => {
    const { io, out } = fakeIO();
    const jq = await JqFilter.compile('length, (map(.id) | add)', {});
    await new OutputWriter(io, 'json', undefined, { jq }).list(
      [
        { id: 1, title: 'a' },
        { id: 2, title: 'b' },
      ],
      VIEW,
    );
    expect(out()).toBe('2\n3\n');
  });

  it('ndjson: once per record, also when records arrive one at a time', async () => {
    const { io, out } = fakeIO();
    const jq = await JqFilter.compile('length', {});
    const count = await new OutputWriter(io, 'ndjson', undefined, { jq }).list(
      slowly([
        { id: 1, title: 'a' },
        { id: 2, title: 'bb' },
        { id: 3, title: 'c' },
      ]),
      VIEW,
    );
    expect(count).toBe(3);
    expect(out()).toBe('2\n2\n2\n');
  });

  it('a single record is the bare record; --fields applies first', async () => {
    const { io, out } = fakeIO();
    const jq = await JqFilter.compile('keys', {});
    await new OutputWriter(io, 'json', ['title'], { jq }).record({ id: 9, title: 't' }, VIEW);
    expect(out()).toBe('["title"]\n');
  });

  it('a runtime error prints what came before, then fails the command', async () => {
    const { io, out } = fakeIO();
    const jq = await JqFilter.compile('.[] | if .id == 2 then error("bad \\(.id)") else .id end', {});
    await expect(
      new OutputWriter(io, 'json', undefined, { jq }).list(
        [
          { id: 1, title: 'a' },
          { id: 2, title: 'b' },
        ],
        VIEW,
      ),
    ).rejects.toThrow(CommandFailedError);
    expect(out()).toBe('1\n');
  });

  it('sanitises raw strings on a terminal', async () => {
    const { io, out } = fakeIO(true);
    const jq = await JqFilter.compile('.title', {});
    await new OutputWriter(io, 'json', undefined, { jq }).record({ id: 1, title: 'a\u001b[2Jb' }, VIEW);
    expect(out()).toBe('a^[[2Jb\n');
  });
});
