import { describe, expect, it } from 'vitest';
import { checkRow } from '../../src/commands/steps/import-row.js';
import { readRows } from '../../src/commands/steps/import-source.js';

describe('import rows', () => {
  it('names each CSV row by the line it starts on: quoted line breaks, blank lines, CRLF, a BOM', () => {
    const text = '\ufefftitle,content\r\n"A","one\r\ntwo"\r\n\r\nB,\r\n"C ""quoted""","é\nà"\r\nD,d\r\n';
    expect(readRows(text, 'csv')).toEqual([
      { line: 2, fields: { title: 'A', content: 'one\r\ntwo' } },
      { line: 5, fields: { title: 'B' } },
      { line: 6, fields: { title: 'C "quoted"', content: 'é\nà' } },
      { line: 8, fields: { title: 'D', content: 'd' } },
    ]);
  });

  it('reads NDJSON lines as JSON values, skipping blank lines', () => {
    expect(readRows('{"title":"a"}\n\n{"title":"b","tags":[1,"x"]}\r\n', 'ndjson')).toEqual([
      { line: 1, fields: { title: 'a' } },
      { line: 3, fields: { title: 'b', tags: [1, 'x'] } },
    ]);
  });

  it('types CSV cells as the command line types flags, and keeps NDJSON types strict', () => {
    expect(checkRow({ line: 2, fields: { title: 'x', phase_id: ' 41 ', completed: 'YES', tags: '12; name:12 ;design;12' } }, 'csv', undefined)).toEqual({
      line: 2,
      body: { title: 'x', phase_id: 41, completed: true },
      tags: [12, '12', 'design'],
    });
    expect(checkRow({ line: 3, fields: { title: 'x', tags: [12, '12', 'Design', 'design'] } }, 'ndjson', 7)).toEqual({ line: 3, body: { title: 'x', phase_id: 7 }, tags: [12, '12', 'Design'] });
    expect(() => checkRow({ line: 3, fields: { title: 'x', phase_id: 4.5 } }, 'ndjson', undefined)).toThrow(/^line 3: phase_id must be a positive integer id/);
    expect(() => checkRow({ line: 4, fields: { title: '  ' } }, 'csv', 1)).toThrow(/^line 4: title must not be empty$/);
  });
});
