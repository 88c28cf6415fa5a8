// Matching an import file's rows to an earlier run's --results records by what each row held.
import { describe, expect, it } from 'vitest';
import { matchRows, type RowOnFile } from '../../src/commands/steps/import-match.js';
import type { LineOutcome, LineRecord } from '../../src/commands/steps/import-results.js';

let seq = 0;
/** The log as ResultsLog reads it: each line's last record. */
function log(...records: [line: number, outcome: LineOutcome, digest?: string][]): Map<number, LineRecord> {
  const last = new Map<number, LineRecord>();
  for (const [line, outcome, digest] of records)
    last.set(line, { line, outcome, seq: seq++, ...(digest ? { digest } : {}) });
  return last;
}
const rows = (...digests: string[]): RowOnFile[] => digests.map((digest, i) => ({ line: i + 2, digest }));
const created = (id: number): LineOutcome => ({ created: id });
const kinds = (byLine: Map<number, { kind: string; id?: number }>) =>
  [...byLine].sort(([a], [b]) => a - b).map(([line, m]) => [line, m.kind === 'created' ? m.id : m.kind]);

describe('matching rows to --results records', () => {
  const earlier = log([2, created(100), 'a'], [3, created(101), 'b'], [4, created(102), 'c']);

  it('the same file: every row is its line', () => {
    const m = matchRows(rows('a', 'b', 'c'), earlier, 'r.ndjson');
    expect(kinds(m.byLine)).toEqual([
      [2, 100],
      [3, 101],
      [4, 102],
    ]);
    expect(m).toMatchObject({ changed: [], rerecord: [], gone: [], moved: 0 });
  });

  it('a row inserted above: it alone is pending; the others are found on their new lines and recorded there', () => {
    const m = matchRows(rows('new', 'a', 'b', 'c'), earlier, 'r.ndjson');
    expect(kinds(m.byLine)).toEqual([
      [2, 'pending'],
      [3, 100],
      [4, 101],
      [5, 102],
    ]);
    expect(m.changed).toEqual([]);
    expect(m.rerecord).toEqual([
      { line: 3, digest: 'a', id: 100, followUps: [] },
      { line: 4, digest: 'b', id: 101, followUps: [] },
      { line: 5, digest: 'c', id: 102, followUps: [] },
    ]);
    expect(m.moved).toBe(3);
  });

  it('a task created without its tags keeps that follow-up, on its line or moved', () => {
    const untagged = log([2, { created: 100, pending: ['tags'] }, 'a'], [3, created(101), 'b']);
    const same = matchRows(rows('a', 'b'), untagged, 'r.ndjson');
    expect(same.byLine.get(2)).toEqual({ kind: 'created', id: 100, followUps: ['tags'] });
    expect(same.byLine.get(3)).toEqual({ kind: 'created', id: 101, followUps: [] });
    const moved = matchRows(rows('new', 'a', 'b'), untagged, 'r.ndjson');
    expect(moved.byLine.get(3)).toEqual({ kind: 'created', id: 100, followUps: ['tags'] });
    expect(moved.rerecord).toContainEqual({ line: 3, digest: 'a', id: 100, followUps: ['tags'] });
  });

  it('rows sorted differently, and two identical rows, each matched once', () => {
    const twins = log([2, created(100), 'x'], [3, created(101), 'y'], [4, created(102), 'x']);
    const m = matchRows(rows('y', 'x', 'x', 'x'), twins, 'r.ndjson');
    expect(kinds(m.byLine)).toEqual([
      [2, 101],
      [3, 100],
      [4, 102],
      [5, 'pending'],
    ]);
  });

  it('a row deleted: its task is gone from the file, not a change', () => {
    const m = matchRows(rows('b', 'c', 'd'), earlier, 'r.ndjson');
    expect(kinds(m.byLine)).toEqual([
      [2, 101],
      [3, 102],
      [4, 'pending'],
    ]);
    expect(m.changed).toEqual([]);
    expect(m.gone).toEqual([{ line: 2, id: 100 }]);
  });

  it('a row edited in place is a change, whether its create was answered or not', () => {
    const withUnknown = log(
      [2, created(100), 'a'],
      [3, { sentAt: '2026-01-01T00:00:00Z' }, 'b'],
      [4, created(102), 'c'],
    );
    const m = matchRows(rows('A!', 'B!', 'c'), withUnknown, 'r.ndjson');
    expect(m.changed.map((c) => c.line)).toEqual([2, 3]);
    expect(m.changed[0]!.message).toBe(
      'changed since an earlier run created task 100 from it: append {"line": 2, "id": 100} to "r.ndjson" to keep task 100 for this row (change it with `pwctl steps update 100`), or {"line": 2, "id": null} to create a new task',
    );
    expect(m.changed[1]!.message).toMatch(
      /^changed since an earlier run sent a create for it without an answer \(2026-01-01T00:00:00Z\)/,
    );
  });

  it('a record appended by hand (no digest) answers for its line, whatever the line holds', () => {
    const answered = new Map([...earlier, ...log([2, created(100)], [3, { created: null }])]);
    const m = matchRows(rows('A!', 'B!', 'c'), answered, 'r.ndjson');
    expect(m.changed).toEqual([]);
    expect(kinds(m.byLine)).toEqual([
      [2, 100],
      [3, 'pending'],
      [4, 102],
    ]);
    // The task kept for line 2 is recorded with what the line holds now.
    expect(m.rerecord).toEqual([{ line: 2, digest: 'A!', id: 100, followUps: [] }]);
  });

  it('records from before digests match by line number, as before, and are recorded with a digest', () => {
    const old = log([2, created(100)], [3, { sentAt: '2026-01-01T00:00:00Z' }]);
    const m = matchRows(rows('a', 'b', 'c'), old, 'r.ndjson');
    expect(kinds(m.byLine)).toEqual([
      [2, 100],
      [3, 'unknown'],
      [4, 'pending'],
    ]);
    expect(m.rerecord).toEqual([{ line: 2, digest: 'a', id: 100, followUps: [] }]);
  });

  it('a task recorded again on its new line outlives its older record on the old line', () => {
    // Run 2 found row "a" moved from line 2 to 3 and recorded it there, then stopped before creating line 2's new row.
    const after = log([2, created(100), 'a'], [3, created(101), 'b'], [3, created(100), 'a'], [4, created(101), 'b']);
    const m = matchRows(rows('new', 'a', 'b'), after, 'r.ndjson');
    expect(kinds(m.byLine)).toEqual([
      [2, 'pending'],
      [3, 100],
      [4, 101],
    ]);
    expect(m).toMatchObject({ changed: [], gone: [], rerecord: [] });
  });

  it('a row the service refused (id null) is pending wherever it is', () => {
    const refused = log([2, { created: null }, 'a'], [3, created(101), 'b']);
    const m = matchRows(rows('b', 'a'), refused, 'r.ndjson');
    expect(kinds(m.byLine)).toEqual([
      [2, 101],
      [3, 'pending'],
    ]);
    expect(m.changed).toEqual([]);
  });
});
