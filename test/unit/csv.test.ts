import { describe, expect, it } from 'vitest';
import { fakeIO } from '../helpers/fake-io.js';
import { csvCell, csvRow, unquoteFormula } from '../../src/output/csv.js';
import type { View } from '../../src/output/view.js';
import { OutputWriter } from '../../src/output/writer.js';

interface Task {
  id: number;
  title: string;
  done: boolean;
  phase: { id: number; title: string } | null;
  assignees: Array<{ id: number; name: string }>;
}

const VIEW: View<Task> = {
  fields: ['id', 'title', 'done', 'phase', 'assignees'],
  nested: { phase: ['id', 'title'], assignees: ['id', 'name'] },
  columns: [
    { header: 'ID', field: 'id', value: (t) => t.id },
    { header: 'TITLE', field: 'title', value: (t) => t.title },
    { header: 'STATUS', value: (t) => (t.done ? 'done' : 'open') },
    { header: 'PHASE', field: 'phase.title', value: (t) => t.phase },
    { header: 'WHO', field: 'assignees', value: (t) => t.assignees },
  ],
};

const TASKS: Task[] = [
  {
    id: 1,
    title: 'Plain',
    done: false,
    phase: { id: 4, title: 'Design' },
    assignees: [
      { id: 7, name: 'Maya' },
      { id: 8, name: 'Sam' },
    ],
  },
  { id: 2, title: 'Comma, "quote"\r\nand lines', done: true, phase: null, assignees: [] },
];

describe('csv cells and rows (RFC 4180)', () => {
  it('writes strings as is, numbers and booleans as JSON, null as empty, named lists joined by "; "', () => {
    expect(csvCell('text')).toBe('text');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(
      csvCell([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ]),
    ).toBe('a; b');
    expect(csvCell([{ id: 1, title: 'Phase 1' }])).toBe('Phase 1');
    expect(csvCell(['Maya', 'Sam'])).toBe('Maya; Sam');
    expect(csvCell({ id: 1, title: 'x' })).toBe('{"id":1,"title":"x"}');
  });

  it('quotes fields with commas, quotes, CR or LF, doubling the quotes; rows end in CRLF', () => {
    expect(csvRow(['a', 'b,c', 'say "hi"', 'two\nlines', 'cr\r'])).toBe('a,"b,c","say ""hi""","two\nlines","cr\r"\r\n');
  });
});

describe('csv cells a spreadsheet would run as formulas', () => {
  const STARTS = ['=1+1', '+1', '-2+3', '@SUM(A1)', '\tfoo', '\rbar'];

  it("gives a string that starts with = + - @ tab or CR a leading '; --csv-raw (raw) leaves it", () => {
    for (const text of STARTS) {
      expect(csvCell(text)).toBe(`'${text}`);
      expect(csvCell(text, true)).toBe(text);
    }
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(' =x')).toBe(' =x');
    expect(csvCell("'quoted")).toBe("'quoted");
    expect(csvCell('')).toBe('');
  });

  it("quotes a ' already before a formula's character again, so one ' read off gives every value back", () => {
    for (const text of ["'=x", "''+1", "'-", '=x', 'plain', "'plain", '-3']) {
      expect(unquoteFormula(csvCell(text))).toBe(text);
    }
    expect(csvCell("'=x")).toBe("''=x");
    expect(unquoteFormula("'plain")).toBe("'plain");
  });

  it('leaves JSON numbers alone (-3 is a number to a spreadsheet, not a formula), but not the string "-3"', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell('-3')).toBe("'-3");
    expect(csvCell(true)).toBe('true');
    // A list whose text starts a formula is a string cell like any other.
    expect(csvCell([-1, 2])).toBe("'-1; 2");
    expect(csvCell([{ id: 1, name: '=evil' }])).toBe("'=evil");
  });

  it("quotes the header of a bare value too (its keys are the service's text)", async () => {
    const { io, out } = fakeIO();
    await new OutputWriter(io, 'csv', undefined).value({ '=key': '@v', n: -1 });
    expect(out()).toBe("'=key,n\r\n'@v,-1\r\n");
    const raw = fakeIO();
    await new OutputWriter(raw.io, 'csv', undefined, { csvRaw: true }).value({ '=key': '@v', n: -1 });
    expect(raw.out()).toBe('=key,n\r\n@v,-1\r\n');
  });

  it('is the same on a terminal and in an endless stream', async () => {
    const task: Task = { ...TASKS[0]!, title: '=HYPERLINK("http://x")' };
    const tty = fakeIO(true);
    await new OutputWriter(tty.io, 'csv', ['title']).list([task], VIEW);
    expect(tty.out()).toBe('title\r\n"\'=HYPERLINK(""http://x"")"\r\n');
    const streamed = fakeIO();
    const stream = await new OutputWriter(streamed.io, 'csv', ['title']).stream(VIEW);
    stream.write([task]);
    await stream.end();
    expect(streamed.out()).toBe('title\r\n"\'=HYPERLINK(""http://x"")"\r\n');
  });
});

describe('OutputWriter -o csv', () => {
  it('uses the table columns that present a field, named by their paths', async () => {
    const { io, out } = fakeIO();
    expect(await new OutputWriter(io, 'csv', undefined).list(TASKS, VIEW)).toBe(2);
    expect(out()).toBe(
      'id,title,phase.title,assignees\r\n1,Plain,Design,Maya; Sam\r\n2,"Comma, ""quote""\r\nand lines",,\r\n',
    );
  });

  it('--fields picks the columns, one per dotted path, mapping through lists', async () => {
    const { io, out } = fakeIO();
    await new OutputWriter(io, 'csv', ['id', 'done', 'assignees.name', 'phase.id']).list(TASKS, VIEW);
    expect(out()).toBe('id,done,assignees.name,phase.id\r\n1,false,Maya; Sam,4\r\n2,true,,\r\n');
  });

  it('an empty list is the header alone; a single record is a one-row table', async () => {
    const a = fakeIO();
    await new OutputWriter(a.io, 'csv', undefined).list([], VIEW);
    expect(a.out()).toBe('id,title,phase.title,assignees\r\n');
    const b = fakeIO();
    await new OutputWriter(b.io, 'csv', ['id', 'title']).record(TASKS[0]!, VIEW);
    expect(b.out()).toBe('id,title\r\n1,Plain\r\n');
  });

  it('sanitises cells on a terminal and writes exact values to a pipe', async () => {
    const hostile: Task = { ...TASKS[0]!, title: 'x\u001b]0;pwned\u0007y' };
    const tty = fakeIO(true);
    await new OutputWriter(tty.io, 'csv', ['title']).list([hostile], VIEW);
    expect(tty.out()).toBe('title\r\nx^[]0;pwned^Gy\r\n');
    const pipe = fakeIO(false);
    await new OutputWriter(pipe.io, 'csv', ['title']).list([hostile], VIEW);
    expect(pipe.out()).toBe('title\r\nx\u001b]0;pwned\u0007y\r\n');
  });

  it('an endless stream (webhooks listen -o csv) sanitises cells on a terminal too, keeping CRLF', async () => {
    const hostile: Task = { ...TASKS[0]!, title: 'x\u001b]0;pwned\u0007y\u202ez' };
    const tty = fakeIO(true);
    const stream = await new OutputWriter(tty.io, 'csv', ['title']).stream(VIEW);
    stream.write([hostile]);
    await stream.end();
    expect(tty.out()).toBe('title\r\nx^[]0;pwned^Gy\\u202ez\r\n');
  });

  it('a plain value becomes rows of its own keys', async () => {
    const { io, out } = fakeIO();
    await new OutputWriter(io, 'csv', undefined).value({ valid: true, bytes: 12 });
    expect(out()).toBe('valid,bytes\r\ntrue,12\r\n');
  });
});
