import { describe, expect, it } from 'vitest';
import { checkRow } from '../../src/commands/steps/import-row.js';
import { fieldOfHeader, readRows, sniffDelimiter } from '../../src/commands/steps/import-source.js';

describe('import rows', () => {
  it('names each CSV row by the line it starts on: quoted line breaks, blank lines, CRLF, a BOM', () => {
    const text = '\ufefftitle,content\r\n"A","one\r\ntwo"\r\n\r\nB,\r\n"C ""quoted""","é\nà"\r\nD,d\r\n';
    expect(readRows(text, 'csv')).toEqual({
      rows: [
        { line: 2, fields: { title: 'A', content: 'one\r\ntwo' } },
        { line: 5, fields: { title: 'B' } },
        { line: 6, fields: { title: 'C "quoted"', content: 'é\nà' } },
        { line: 8, fields: { title: 'D', content: 'd' } },
      ],
      problems: [],
      delimiter: ',',
    });
  });

  it('reads NDJSON lines as JSON values, skipping blank lines, and collects every bad line', () => {
    expect(readRows('{"title":"a"}\n\n{"title":"b","tags":[1,"x"]}\r\n[1]\n{oops\n', 'ndjson')).toEqual({
      rows: [
        { line: 1, fields: { title: 'a' } },
        { line: 3, fields: { title: 'b', tags: [1, 'x'] } },
      ],
      problems: [
        { line: 4, message: 'expected a JSON object with a "title" field' },
        { line: 5, message: expect.stringMatching(/^not valid JSON: /) },
      ],
    });
  });

  it("reads a spreadsheet's header: any case, spaces or hyphens, ';' between cells, empty trailing columns", () => {
    expect(['Title', ' Due date ', 'PHASE ID', 'is-approval'].map(fieldOfHeader)).toEqual([
      'title',
      'due_date',
      'phase_id',
      'is_approval',
    ]);
    expect(sniffDelimiter('Title;Phase ID;Due date\nA;41;2026-01-01\n')).toBe(';');
    expect(sniffDelimiter('\n"Title";"Tags"\n')).toBe(';');
    expect(sniffDelimiter('title,tags\n"a","b;c"\n')).toBe(',');
    expect(sniffDelimiter('title\nA; B\n')).toBe(',');
    expect(sniffDelimiter('Titel;Phase\n')).toBe(';'); // no known name either way: more columns
    expect(readRows('Title;Phase ID;Tags;;\nA;41;"x;y";;\n', 'csv')).toEqual({
      rows: [{ line: 2, fields: { title: 'A', phase_id: '41', tags: 'x;y' } }],
      problems: [],
      delimiter: ';',
    });
    expect(readRows('title,,\nA,,\nB,oops,\n', 'csv').problems).toEqual([
      { line: 3, message: 'column 2 holds "oops", but the header gives it no name' },
    ]);
  });

  it('tells every header problem on line 1, and no row problems after them', () => {
    expect(readRows('Title,title,Owner,Phase\nA,B,C,D\n', 'csv')).toEqual({
      rows: [],
      problems: [
        { line: 1, message: 'the header names title twice ("Title" and "title")' },
        {
          line: 1,
          message: expect.stringMatching(/^"Owner" is not a field of a task import \(fields: title, phase_id, /),
        },
        { line: 1, message: expect.stringMatching(/^"Phase" is not a field of a task import/) },
      ],
      delimiter: ',',
    });
  });

  it('an unknown header or key suggests the field it most likely means, and only then', () => {
    const header = readRows('Title,Due,Phase,approval,Titel,Owner,ID\nA,2026-01-05,41,yes,B,me,7\n', 'csv');
    expect(header.problems.map((p) => p.message.replace(/ \(fields: .*\)$/, ''))).toEqual([
      '"Due" is not a field of a task import: did you mean due_date?',
      '"Phase" is not a field of a task import: did you mean phase_id?',
      '"approval" is not a field of a task import: did you mean is_approval?',
      '"Titel" is not a field of a task import: did you mean title?',
      '"Owner" is not a field of a task import',
      '"ID" is not a field of a task import',
    ]);
    // What already worked still does: `Due date` and `Phase ID` are the fields.
    expect(readRows('Title;Phase ID;Due date\nA;41;2026-01-05\n', 'csv').problems).toEqual([]);
    const ndjson = checkRow({ line: 3, fields: { title: 'A', phase: 41 } }, 'ndjson', undefined);
    expect(ndjson).toEqual({
      problems: expect.arrayContaining([
        {
          line: 3,
          message: expect.stringMatching(
            /^"phase" is not a field of a task import: did you mean phase_id\? \(fields: /,
          ),
        },
      ]),
    });
  });

  it('types CSV cells as the command line types flags, and keeps NDJSON types strict', () => {
    expect(
      checkRow(
        { line: 2, fields: { title: 'x', phase_id: ' 41 ', completed: 'YES', tags: '12; name:12 ;design;12' } },
        'csv',
        undefined,
      ),
    ).toEqual({
      row: {
        line: 2,
        body: { title: 'x', phase_id: 41, completed: true },
        tags: [12, '12', 'design'],
        digest: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
    });
    expect(
      checkRow({ line: 3, fields: { title: 'x', tags: [12, '12', 'Design', 'design'] } }, 'ndjson', 7),
    ).toMatchObject({ row: { line: 3, body: { title: 'x', phase_id: 7 }, tags: [12, '12', 'Design'] } });
    expect(checkRow({ line: 3, fields: { title: 'x', phase_id: 4.5 } }, 'ndjson', undefined)).toEqual({
      problems: [{ line: 3, message: expect.stringMatching(/^phase_id must be a positive integer id/) }],
    });
    expect(checkRow({ line: 4, fields: { title: '  ' } }, 'csv', 1)).toEqual({
      problems: [{ line: 4, message: 'title must not be empty' }],
    });
  });

  it('reports every bad field of a row', () => {
    const checked = checkRow(
      { line: 5, fields: { due_date: '2026-13-01', published: 'maybe', tags: 'id:x', owner: 'me' } },
      'csv',
      undefined,
    );
    expect(checked).toEqual({
      problems: [
        { line: 5, message: expect.stringMatching(/^"owner" is not a field/) },
        { line: 5, message: 'title is required' },
        { line: 5, message: 'phase_id is required (or pass --phase <id> for every row)' },
        { line: 5, message: expect.stringMatching(/^due_date must be/) },
        { line: 5, message: 'published must be true or false, got "maybe"' },
        { line: 5, message: expect.stringMatching(/^tags: tag "id:x": id:<n> must be a positive integer id/) },
      ],
    });
  });

  it('digests what a row holds as sent: the same row however it is spelled, another when a value or --phase differs', () => {
    const digest = (fields: Record<string, unknown>, phase?: number, format: 'csv' | 'ndjson' = 'csv') => {
      const checked = checkRow({ line: 2, fields }, format, phase);
      if (!('row' in checked)) throw new Error('bad row');
      return checked.row.digest;
    };
    const base = digest({ title: 'A', phase_id: '41', published: 'yes', tags: 'b;a;7' });
    expect(digest({ title: 'A', phase_id: ' 41', published: 'true', tags: '7; a ;b' })).toBe(base);
    expect(digest({ title: 'A', published: '1', tags: 'a;7;b' }, 41)).toBe(base);
    expect(digest({ title: 'A', phase_id: 41, published: true, tags: [7, 'a', 'b'] }, undefined, 'ndjson')).toBe(base);
    expect(digest({ title: 'A', phase_id: '42', published: 'yes', tags: 'b;a;7' })).not.toBe(base);
    expect(digest({ title: 'A ', phase_id: '41', published: 'yes', tags: 'b;a;7' })).not.toBe(base);
    expect(digest({ title: 'A', phase_id: '41', published: 'yes', tags: 'b;a' })).not.toBe(base);
    expect(digest({ title: 'A', phase_id: '41', tags: 'b;a;7' })).not.toBe(base);
  });
});
