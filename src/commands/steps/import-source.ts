// The rows of an import file, before any checking of their values: CSV (RFC 4180 with a
// header row, parsed by csv-parse) or NDJSON (one JSON object per line), each row with the
// line of the file it starts on — the line a message or a result names.
//
// CSV is read as spreadsheets write it: header names in any case and with spaces (`Due date`
// is due_date, `Phase ID` is phase_id), and separated by ';' where the header says so (as
// spreadsheets do in locales whose decimal mark is a comma). A cell that starts with ' and
// then a formula's first character (=, +, -, @, tab, CR) loses that one ': it is how `-o csv`
// writes such a cell, so pwctl's own CSV imports as the values it was written from. Problems are collected, not
// thrown one at a time, so a user fixes every bad row after one run; only a file that is not
// CSV at all stops the reading.
import { parse } from 'csv-parse/sync';
import { UsageError } from '../../errors.js';
import { unquoteFormula } from '../../output/csv.js';
import type { ImportFormat } from './import-format.js';
import { IMPORT_FIELDS, notAField } from './import-row.js';

/** One row: CSV cells as strings (an empty cell is left out), NDJSON values as JSON gave them. */
export interface RawRow {
  line: number;
  fields: Record<string, unknown>;
}

/** Something wrong on one line of the file: `message` names the field first when there is one. */
export interface RowProblem {
  line: number;
  message: string;
}

export interface ImportSource {
  rows: RawRow[];
  problems: RowProblem[];
  /** The CSV separator read from the header line. */
  delimiter?: ',' | ';';
}

export function readRows(text: string, format: ImportFormat): ImportSource {
  const clean = text.replace(/^\ufeff/, '');
  return format === 'csv' ? csvRows(clean) : ndjsonRows(clean);
}

/** `Due date`, `due-date`, ` DUE_DATE ` → due_date: how a spreadsheet's header names a field. */
export function fieldOfHeader(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/**
 * ',' unless ';' splits the header line into more import fields (or, naming none either way,
 * into more columns): `Title;Phase ID;Due date` is a ';'-separated file, `title,tags` is not.
 */
export function sniffDelimiter(text: string): ',' | ';' {
  const header = text.split('\n').find((line) => line.trim() !== '') ?? '';
  const score = (delimiter: string): [number, number] => {
    const names = header.split(delimiter).map((name) => fieldOfHeader(name.replace(/^\s*"|"\s*$/g, '')));
    return [names.filter((name) => (IMPORT_FIELDS as readonly string[]).includes(name)).length, names.length];
  };
  const [commaKnown, commaColumns] = score(',');
  const [semicolonKnown, semicolonColumns] = score(';');
  if (semicolonKnown !== commaKnown) return semicolonKnown > commaKnown ? ';' : ',';
  return semicolonColumns > commaColumns ? ';' : ',';
}

function csvRows(text: string): ImportSource {
  const bytes = Buffer.from(text, 'utf8');
  const delimiter = sniffDelimiter(text);
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    records = parse(bytes, {
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      delimiter,
    }) as unknown as typeof records;
  } catch (error) {
    const e = error as { lines?: number; message: string };
    const separated = delimiter === ';' ? " (read as ';'-separated, from its header line)" : '';
    throw new UsageError(
      `line ${e.lines ?? '?'}: not valid CSV${separated}: ${e.message.replace(/ on line \d+$| at line \d+/, '')}`,
    );
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], problems: [], delimiter };
  const columns = header.record.map(fieldOfHeader);
  const headerProblems = checkHeader(header.record, columns);
  // A header that is wrong makes every row wrong in the same way: it alone is reported.
  if (headerProblems.length > 0) return { rows: [], problems: headerProblems, delimiter };

  const lines = lineStarts(bytes);
  const rows: RawRow[] = [];
  const problems: RowProblem[] = [];
  let end = header.info.bytes;
  for (const { record, info } of body) {
    const line = lineAt(lines, skipLineBreaks(bytes, end));
    end = info.bytes;
    if (record.every((cell) => cell.trim() === '')) continue; // a spreadsheet's trailing `,,,` rows
    if (record.length !== columns.length) {
      problems.push({ line, message: `${record.length} fields, but the header has ${columns.length} columns` });
      continue;
    }
    const unnamed = record.findIndex((cell, i) => columns[i] === '' && cell.trim() !== '');
    if (unnamed >= 0) {
      problems.push({
        line,
        message: `column ${unnamed + 1} holds ${JSON.stringify(record[unnamed])}, but the header gives it no name`,
      });
      continue;
    }
    const fields: Record<string, unknown> = {};
    record.forEach((cell, i) => {
      if (cell !== '' && columns[i] !== '') fields[columns[i]!] = unquoteFormula(cell);
    });
    rows.push({ line, fields });
  }
  return { rows, problems, delimiter };
}

/** Every problem of the header, on line 1: repeated and unknown column names (an empty one is no column). */
function checkHeader(names: readonly string[], columns: readonly string[]): RowProblem[] {
  const problems: RowProblem[] = [];
  const first = new Map<string, string>();
  const problem = (message: string): void => {
    problems.push({ line: 1, message });
  };
  for (const [i, column] of columns.entries()) {
    const name = names[i]!.trim();
    if (column === '') continue; // a spreadsheet's empty trailing columns: their cells must be empty too
    const earlier = first.get(column);
    if (earlier !== undefined) {
      problem(
        earlier === name
          ? `the header names ${JSON.stringify(name)} twice`
          : `the header names ${column} twice (${JSON.stringify(earlier)} and ${JSON.stringify(name)})`,
      );
      continue;
    }
    first.set(column, name);
    if (!(IMPORT_FIELDS as readonly string[]).includes(column)) problem(notAField(name));
  }
  return problems;
}

function ndjsonRows(text: string): ImportSource {
  const rows: RawRow[] = [];
  const problems: RowProblem[] = [];
  text.split('\n').forEach((raw, i) => {
    const text = raw.replace(/\r$/, '');
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems.push({ line: i + 1, message: `not valid JSON: ${(error as Error).message}` });
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ line: i + 1, message: 'expected a JSON object with a "title" field' });
      return;
    }
    rows.push({ line: i + 1, fields: value as Record<string, unknown> });
  });
  return { rows, problems };
}

/** Byte offsets at which each line begins. */
function lineStarts(bytes: Buffer): number[] {
  const starts = [0];
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) starts.push(i + 1);
  return starts;
}

/** The 1-based line holding byte `offset`. */
function lineAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** A record starts after the blank lines csv-parse skipped. */
function skipLineBreaks(bytes: Buffer, offset: number): number {
  while (offset < bytes.length && (bytes[offset] === 10 || bytes[offset] === 13)) offset++;
  return offset;
}
