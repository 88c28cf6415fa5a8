// The rows of an import file, before any checking of their values: CSV (RFC 4180 with a
// header row, parsed by csv-parse) or NDJSON (one JSON object per line), each row with the
// line of the file it starts on — the line a message or a result names.
import { parse } from 'csv-parse/sync';
import { UsageError } from '../../errors.js';
import type { ImportFormat } from './import-format.js';

/** One row: CSV cells as strings (an empty cell is left out), NDJSON values as JSON gave them. */
export interface RawRow {
  line: number;
  fields: Record<string, unknown>;
}

export function readRows(text: string, format: ImportFormat): RawRow[] {
  const clean = text.replace(/^\ufeff/, '');
  return format === 'csv' ? csvRows(clean) : ndjsonRows(clean);
}

function csvRows(text: string): RawRow[] {
  const bytes = Buffer.from(text, 'utf8');
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    records = parse(bytes, { info: true, skip_empty_lines: true, relax_column_count: true }) as unknown as typeof records;
  } catch (error) {
    const e = error as { lines?: number; message: string };
    throw new UsageError(`line ${e.lines ?? '?'}: not valid CSV: ${e.message.replace(/ on line \d+$| at line \d+/, '')}`);
  }
  const [header, ...body] = records;
  if (!header) return [];
  const columns = header.record.map((name) => name.trim());
  const seen = new Set<string>();
  for (const name of columns) {
    if (name === '') throw new UsageError('line 1: the header has an empty column name');
    if (seen.has(name)) throw new UsageError(`line 1: the header names ${JSON.stringify(name)} twice`);
    seen.add(name);
  }
  const lines = lineStarts(bytes);
  const rows: RawRow[] = [];
  let end = header.info.bytes;
  for (const { record, info } of body) {
    const line = lineAt(lines, skipLineBreaks(bytes, end));
    end = info.bytes;
    if (record.every((cell) => cell.trim() === '')) continue; // a spreadsheet's trailing `,,,` rows
    if (record.length !== columns.length) {
      throw new UsageError(`line ${line}: ${record.length} fields, but the header has ${columns.length} columns`);
    }
    const fields: Record<string, unknown> = {};
    record.forEach((cell, i) => {
      if (cell !== '') fields[columns[i]!] = cell;
    });
    rows.push({ line, fields });
  }
  return rows;
}

function ndjsonRows(text: string): RawRow[] {
  const rows: RawRow[] = [];
  text.split('\n').forEach((raw, i) => {
    const text = raw.replace(/\r$/, '');
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`line ${i + 1}: not valid JSON: ${(error as Error).message}`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new UsageError(`line ${i + 1}: expected a JSON object with a "title" field`);
    }
    rows.push({ line: i + 1, fields: value as Record<string, unknown> });
  });
  return rows;
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
