import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { IO } from '../../src/io/io.js';
import { fakeIO } from '../helpers/fake-io.js';
import { getPath, parseFieldList, selectFields, validateFields } from '../../src/output/fields.js';
import { errorJsonLine, errorLines } from '../../src/output/error-line.js';
import { toJson } from '../../src/output/json.js';
import { OutputWriter } from '../../src/output/writer.js';
import type { View } from '../../src/output/view.js';

describe('IO: stdout for a protocol (MCP)', () => {
  const message = `${JSON.stringify({ jsonrpc: '2.0', result: { title: 'a\u009b2Jb\u202ec\u007f\u2066d\u001b]52;c;x\u0007' } })}\n`;

  it('on a terminal: nothing a terminal obeys, and still the same JSON message', async () => {
    const { io, out } = fakeIO(true);
    const stream = await io.protocolOutput();
    await new Promise<void>((resolve) => stream.write(message, () => resolve()));
    expect(out()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(out().endsWith('}\n')).toBe(true);
    expect(JSON.parse(out())).toEqual(JSON.parse(message));
  });

  it('into a pipe: the stream itself, byte for byte', async () => {
    const { io, out } = fakeIO(false);
    const stream = await io.protocolOutput();
    await new Promise<void>((resolve) => stream.write(message, () => resolve()));
    expect(out()).toBe(message);
  });
});

describe('toJson', () => {
  it('escapes DEL, C1 and line separators but stays the same JSON value', () => {
    const value = { t: 'a\u007fb\u009bc\u2028d\u001b' };
    const text = toJson(value);
    expect(text).not.toMatch(/[\u007f-\u009f\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('field selection', () => {
  const record = { id: 1, title: 't', phase: { id: 2, title: 'Design', is_internal: false }, tags: [{ name: 'a' }] };

  it('parses lists and rejects malformed paths', () => {
    expect(parseFieldList(' id, phase.title ,')).toEqual(['id', 'phase.title']);
    expect(() => parseFieldList(',')).toThrow(/at least one field/);
    expect(() => parseFieldList('id,phase..title')).toThrow(/not a field path/);
  });

  it('reaches into objects and arrays with dotted paths', () => {
    expect(getPath(record, 'phase.title')).toBe('Design');
    expect(getPath(record, 'tags.0.name')).toBe('a');
    expect(getPath(record, 'phase.nope')).toBeUndefined();
  });

  it('maps a path through a list: assignees.name is every name', () => {
    const step = {
      id: 1,
      assignees: [
        { id: 7, name: 'Maya' },
        { id: 8, name: 'Sam' },
      ],
      phase: null,
    };
    expect(getPath(step, 'assignees.name')).toEqual(['Maya', 'Sam']);
    expect(getPath({ assignees: [] }, 'assignees.name')).toEqual([]);
    expect(selectFields(step, ['id', 'assignees.name'])).toEqual({
      id: 1,
      assignees: [{ name: 'Maya' }, { name: 'Sam' }],
    });
    expect(selectFields(step, ['assignees.id', 'assignees.name'])).toEqual({
      assignees: [
        { id: 7, name: 'Maya' },
        { id: 8, name: 'Sam' },
      ],
    });
  });

  it('keeps the nesting of selected paths; an absent or null parent is null, not {title: null}', () => {
    expect(selectFields(record, ['id', 'phase.title', 'missing'])).toEqual({
      id: 1,
      phase: { title: 'Design' },
      missing: null,
    });
    expect(selectFields({ id: 1, client: null }, ['client.title'])).toEqual({ client: null });
    expect(selectFields(record, ['phase.title', 'phase'])).toEqual({ phase: record.phase });
    expect(selectFields(record, ['tags.0.name'])).toEqual({ tags: { 0: { name: 'a' } } });
  });

  it('rejects unknown fields and unknown nested paths, listing the valid ones', () => {
    expect(() => validateFields(['id', 'nope.x'], ['id', 'title'])).toThrow(
      '--fields: unknown field "nope.x"; valid fields: id, title',
    );
    const nested = { phase: ['id', 'title'], assignees: ['id', 'name'] };
    expect(() => validateFields(['phase.titel'], ['id', 'phase', 'assignees'], nested)).toThrow(
      '--fields: unknown field "phase.titel" (did you mean phase.title?); valid fields: id, phase, phase.id, phase.title, assignees, assignees.id, assignees.name',
    );
    expect(() => validateFields(['id.x'], ['id', 'phase'], nested)).toThrow(/unknown field "id.x"/);
    // A known parent: its own fields are compared by their last part, so nothing far is suggested.
    expect(() => validateFields(['assignees.email'], ['id', 'assignees'], nested)).toThrow(
      /unknown field "assignees.email"; valid/,
    );
    expect(() => validateFields(['phse.title'], ['id', 'phase'], nested)).toThrow(
      /unknown field "phse.title" \(did you mean phase.title\?\)/,
    );
    expect(() =>
      validateFields(['phase.title', 'assignees.name', 'assignees.0.name'], ['phase', 'assignees'], nested),
    ).not.toThrow();
    expect(() => validateFields(['payload.anything.at.all'], ['payload'], { payload: '*' })).not.toThrow();
    expect(() => validateFields(['x'], ['id'], {}, 'fields')).toThrow(/^fields: unknown field "x"/);
  });
});

interface Row {
  id: number;
  title: string;
}
const VIEW: View<Row> = {
  fields: ['id', 'title'],
  columns: [
    { header: 'ID', value: (r) => r.id },
    { header: 'TITLE', value: (r) => r.title },
  ],
};
async function* rows(n: number): AsyncGenerator<Row> {
  for (let i = 1; i <= n; i++) yield { id: i, title: `t${i}\u001b[1m` };
}

describe('OutputWriter', () => {
  it('table to a pipe: tab-separated rows, no header, escaped cells', async () => {
    const { io, out } = fakeIO(false);
    expect(await new OutputWriter(io, 'table', undefined).list(rows(2), VIEW)).toBe(2);
    expect(out()).toBe('1\tt1^[[1m\n2\tt2^[[1m\n');
  });

  it('table on a TTY: a header and aligned columns that stay aligned across chunks', async () => {
    const { io, out } = fakeIO(true);
    await new OutputWriter(io, 'table', undefined).list(rows(250), VIEW);
    const lines = out().trimEnd().split('\n');
    expect(lines).toHaveLength(251);
    expect(lines[0]).toMatch(/^ID\s+TITLE$/);
    const column = lines[0]!.indexOf('TITLE');
    expect(lines[1]!.indexOf('t1')).toBe(column);
    expect(lines[250]!.indexOf('t250')).toBe(column);
  });

  it('table on a TTY of unknown size (0 columns) keeps columns readable', async () => {
    const { io, out, stdout } = fakeIO(true);
    stdout.columns = 0;
    await new OutputWriter(io, 'table', undefined).list([{ id: 1, title: 'Kickoff call with Acme' }], VIEW);
    expect(out()).toContain('Kickoff call with Acme');
  });

  it('json: one array, streamed; an empty list is []', async () => {
    const a = fakeIO();
    await new OutputWriter(a.io, 'json', undefined).list(rows(3), VIEW);
    expect(JSON.parse(a.out()).map((r: Row) => r.id)).toEqual([1, 2, 3]);
    const b = fakeIO();
    await new OutputWriter(b.io, 'json', undefined).list(rows(0), VIEW);
    expect(b.out()).toBe('[]\n');
  });

  it('ndjson: one value per line with --fields applied', async () => {
    const { io, out } = fakeIO();
    await new OutputWriter(io, 'ndjson', ['id']).list(rows(2), VIEW);
    expect(out()).toBe('{"id":1}\n{"id":2}\n');
  });

  it('yaml: a list of records, parseable back', async () => {
    const { io, out } = fakeIO();
    await new OutputWriter(io, 'yaml', undefined).list(rows(2), VIEW);
    const { parse } = await import('yaml');
    expect(parse(out())).toEqual([
      { id: 1, title: 't1\u001b[1m' },
      { id: 2, title: 't2\u001b[1m' },
    ]);
  });

  it('rejects unknown --fields before writing anything', async () => {
    const { io, out } = fakeIO();
    await expect(new OutputWriter(io, 'json', ['nope']).list(rows(1), VIEW)).rejects.toThrow(/valid fields: id, title/);
    expect(out()).toBe('');
  });

  it('a single record in table mode is a key/value block', async () => {
    const { io, out } = fakeIO(false);
    await new OutputWriter(io, 'table', undefined).record({ id: 5, title: 'x\ty' }, VIEW);
    expect(out()).toBe('id:\t5\ntitle:\tx\\ty\n');
  });
});

describe('OutputWriter.stream (an endless stream)', () => {
  interface Event {
    at: string;
    id: number;
    title: string;
  }
  const EVENT_VIEW: View<Event> = {
    fields: ['at', 'id', 'title'],
    columns: [
      { header: 'AT', value: (e) => e.at, fit: 'whole', width: 5 },
      { header: 'ID', value: (e) => e.id, fit: 'whole', width: 6 },
      { header: 'TITLE', value: (e) => e.title, fit: 'shrink', width: 60 },
    ],
  };
  const events = (from: number, n: number): Event[] =>
    Array.from({ length: n }, (_, i) => ({ at: '12:00', id: from + i, title: `Event ${from + i} 👍🏽\u001b[2J` }));

  it('json and ndjson: one compact object a line, --fields applied', async () => {
    for (const format of ['json', 'ndjson'] as const) {
      const { io, out } = fakeIO();
      const stream = await new OutputWriter(io, format, ['id']).stream(EVENT_VIEW);
      stream.write(events(1, 2));
      stream.write(events(3, 1));
      await stream.end();
      expect(out()).toBe('{"id":1}\n{"id":2}\n{"id":3}\n');
    }
  });

  it('yaml: one document per record', async () => {
    const { io, out } = fakeIO();
    const stream = await new OutputWriter(io, 'yaml', ['id', 'at']).stream(EVENT_VIEW);
    stream.write(events(1, 2));
    await stream.end();
    expect(out()).toBe('---\nid: 1\nat: "12:00"\n---\nid: 2\nat: "12:00"\n');
  });

  it('table to a pipe: tab-separated escaped rows, no header', async () => {
    const { io, out } = fakeIO(false);
    const stream = await new OutputWriter(io, 'table', undefined).stream(EVENT_VIEW);
    stream.write(events(9, 2));
    await stream.end();
    expect(out()).toBe('12:00\t9\tEvent 9 👍🏽^[[2J\n12:00\t10\tEvent 10 👍🏽^[[2J\n');
  });

  it('table on a terminal: the header once, then rows as they come in widths fixed up front', async () => {
    const { io, out, stdout } = fakeIO(true);
    // 5 + 6 + 2 gaps leave the title 22 cells of 36.
    stdout.columns = 36;
    const stream = await new OutputWriter(io, 'table', undefined).stream(EVENT_VIEW);
    stream.write(events(9, 1));
    stream.write(events(99_999, 2));
    await stream.end();
    expect(out().split('\n')).toEqual([
      'AT     ID      TITLE',
      '12:00  9       Event 9 👍🏽^[[2J',
      '12:00  99999   Event 99999 👍🏽^[[2J',
      '12:00  100000  Event 100000 👍🏽^[[2J',
      '',
    ]);
    const narrow = fakeIO(true);
    narrow.stdout.columns = 35;
    const cut = await new OutputWriter(narrow.io, 'table', undefined).stream(EVENT_VIEW);
    cut.write([{ at: '12:00', id: 100_000, title: 'A title 👍🏽 longer than the 20 cells left' }]);
    await cut.end();
    expect(narrow.out()).toBe('AT     ID      TITLE\n12:00  100000  A title 👍🏽 longer t…\n');
  });

  it('rejects unknown --fields before anything is written', async () => {
    const { io } = fakeIO();
    await expect(new OutputWriter(io, 'ndjson', ['nope']).stream(EVENT_VIEW)).rejects.toThrow(
      /valid fields: at, id, title/,
    );
  });

  it('drops (and counts) records while stdout has stopped taking them, rather than hold them', async () => {
    const stdout = new PassThrough({ highWaterMark: 16 });
    const io = new IO(
      { stdin: new PassThrough(), stdout, stderr: new PassThrough() },
      { stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false, stdoutColor: 0, stderrColor: 0 },
    );
    const stream = await new OutputWriter(io, 'ndjson', undefined).stream(EVENT_VIEW);
    const big = { at: 'x', id: 1, title: 'y'.repeat(1024 * 1024) };
    for (let i = 0; i < 20; i++) stream.write([big]);
    // Each line is a little over 1 MiB: 16 of them fill the 16 MiB allowance.
    expect(stream.dropped).toBe(20 - 16);
    expect(stdout.writableLength).toBeLessThan(17 * 1024 * 1024);
  });
});

describe('error lines', () => {
  it('prints one error line plus one line per field error, escaped', () => {
    const text = errorLines({
      message: 'PUT /steps/1: 422: invalid\u001b]0;x\u0007',
      status: 422,
      exitCode: 5,
      errors: { due_date: ['must be a date'] },
    });
    expect(text).toBe('error: PUT /steps/1: 422: invalid^[]0;x^G\n  due_date: must be a date\n');
  });

  it('prints the contract JSON line', () => {
    const line = errorJsonLine({ message: 'm', status: 404, exitCode: 3 });
    expect(JSON.parse(line)).toEqual({ error: { status: 404, code: 3, message: 'm' } });
  });
});
