// docs diff's pieces: the comparison of a file with its document, the bounded line diff, and
// the terminal's colours told by position in the diff.
import { describe, expect, it } from 'vitest';
import { compareDocument, hunks } from '../../src/commands/docs/doc-diff.js';
import { docFileOf } from '../../src/commands/docs/doc-file.js';
import { terminalDiff } from '../../src/output/unified-diff.js';
import { documentRecord } from '../helpers/documents.js';

const DOC = documentRecord({ title: 'Brief', content: 'one\ntwo\nthree\n' });

describe('comparing a file with its document', () => {
  const pulled = docFileOf(DOC);

  it('the same document: no diff, whatever the line endings and trailing newlines', () => {
    expect(compareDocument('a.md', { ...pulled, body: 'one\r\ntwo\r\nthree\r\n\r\n' }, DOC)).toEqual({
      record: {
        file: 'a.md',
        uuid: DOC.uuid,
        status: 'same',
        same: true,
        changed: [],
        updated_at: { service: DOC.updated_at, file: DOC.updated_at },
      },
      text: '',
    });
  });

  it("a diff in the file's own layout, the service's side first, only the compared fields differing", () => {
    const later = {
      ...DOC,
      title: 'Brief v2',
      content: 'one\nTWO\nthree\n',
      updated_at: '2025-02-01T00:00:00.000000Z',
    };
    const { record, text } = compareDocument('dir/a.md', { ...pulled, body: 'one\ntwo\nthree\nfour\n' }, later);
    expect(record).toMatchObject({
      status: 'differs',
      changed: ['title', 'content'],
      title: { service: 'Brief v2', file: 'Brief' },
      body_diff: '@@ -1,3 +1,4 @@\n one\n-TWO\n+two\n three\n+four\n',
    });
    expect(text).toBe(
      [
        '--- service: Brief v2 (2025-02-01T00:00:00.000000Z)',
        '+++ dir/a.md',
        '@@ -1,6 +1,6 @@',
        ' ---',
        ' uuid: 5eed0000-0000-4000-8000-000000000081',
        '-title: Brief v2',
        '+title: Brief',
        ' updated_at: "2025-01-07T00:00:00.000001Z"',
        ' is_internal: false',
        ' edit_access: team',
        '@@ -9,5 +9,6 @@',
        ' company_id: 1',
        ' ---',
        ' one',
        '-TWO',
        '+two',
        ' three',
        '+four',
        '',
      ].join('\n'),
    );
  });

  it('two bodies too different to diff within the bound are one replaced whole', () => {
    const many = (prefix: string) => Array.from({ length: 1500 }, (_, i) => `${prefix}${i}\n`).join('');
    const text = hunks(many('a'), many('b'));
    const lines = text.split('\n');
    expect(lines[0]).toBe('@@ -1,1500 +1,1500 @@');
    expect(lines.filter((l) => l.startsWith('-'))).toHaveLength(1500);
    expect(lines.filter((l) => l.startsWith('+'))).toHaveLength(1500);
    expect(hunks('', 'x\n')).toBe('@@ -0,0 +1,1 @@\n+x\n');
    expect(hunks('same\n', 'same\n')).toBe('');
  });
});

describe('a diff on a terminal', () => {
  const diff = [
    '--- service: T',
    '+++ a.md',
    '@@ -1,3 +1,3 @@',
    ' keep',
    '-- signature',
    '+++ added',
    ' end',
    'a.md: note',
    '',
  ].join('\n');

  it('colours lines by where they are: a removed "-- " line inside a hunk is removed, not a header', async () => {
    const text = await terminalDiff(diff, 1);
    const lines = text.split('\n');
    expect(lines[0]).toBe('\u001b[1m--- service: T\u001b[22m');
    expect(lines[2]).toBe('\u001b[36m@@ -1,3 +1,3 @@\u001b[39m');
    expect(lines[3]).toBe(' keep');
    expect(lines[4]).toBe('\u001b[31m-- signature\u001b[39m');
    expect(lines[5]).toBe('\u001b[32m+++ added\u001b[39m');
    expect(lines[7]).toBe('a.md: note');
  });

  it('sanitises every line, with colour or without', async () => {
    expect(await terminalDiff('@@ -1 +1 @@\n-a\u001b[2J\n+b\u0007\n', 1)).toBe(
      '\u001b[36m@@ -1 +1 @@\u001b[39m\n\u001b[31m-a^[[2J\u001b[39m\n\u001b[32m+b^G\u001b[39m\n',
    );
    expect(await terminalDiff('+b\u0007\tc\n', 0)).toBe('+b^G\tc\n');
  });
});
