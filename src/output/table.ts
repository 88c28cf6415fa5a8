// Table output. Not a TTY: tab-separated plain rows, one record per line, no header, no
// color, so `cut -f1` works. A TTY: aligned columns through cli-table3 with a bold header.
// cli-table3's layout grows faster than linearly with the row count (its span-conflict
// check) and costs about 0.25 ms a row even in small tables, so it lays out the header and
// the first chunk, which fixes the column widths, and later rows are drawn the same way by
// layoutRow: output stays linear and streams while pages arrive.
import type { Writable } from 'node:stream';
import { escapeInline } from './sanitize.js';

const CHUNK_ROWS = 100;
const MAX_COLUMN_WIDTH = 60;
const NO_BORDER = Object.fromEntries(
  ['top', 'top-mid', 'top-left', 'top-right', 'bottom', 'bottom-mid', 'bottom-left', 'bottom-right', 'left', 'left-mid', 'mid', 'mid-mid', 'right', 'right-mid', 'middle'].map((k) => [k, '']),
);

export interface RowSink {
  add(cells: string[]): Promise<void>;
  end(): Promise<void>;
}

export function plainRows(out: Writable): RowSink {
  return {
    async add(cells) {
      await write(out, `${cells.map(escapeInline).join('\t')}\n`);
    },
    async end() {},
  };
}

export function ttyTable(out: Writable, headers: string[], colorLevel: number, terminalWidth: number | undefined): RowSink {
  let pending: string[][] = [];
  let widths: number[] | undefined;

  // The header and the first chunk go through cli-table3, which also fixes the column widths.
  async function flushFirst(): Promise<void> {
    const [{ default: Table }, { Chalk }] = await Promise.all([import('cli-table3'), import('chalk')]);
    const chalk = new Chalk({ level: colorLevel as 0 | 1 | 2 | 3 });
    widths = columnWidths(headers, pending, terminalWidth);
    const table = new Table({
      head: headers.map((h) => chalk.bold(h)),
      colWidths: widths.map((w) => w + 2),
      chars: NO_BORDER,
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 2 },
      wordWrap: false,
    });
    table.push(...pending);
    pending = [];
    const text = table
      .toString()
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line !== '')
      .join('\n');
    if (text !== '') await write(out, `${text}\n`);
  }

  // Later rows: the same layout without cli-table3's per-cell cost (about 0.25 ms a row).
  async function flushRest(): Promise<void> {
    const lines = pending.map((cells) => layoutRow(cells, widths!));
    pending = [];
    if (lines.length > 0) await write(out, `${lines.join('\n')}\n`);
  }

  return {
    async add(cells) {
      pending.push(cells.map(escapeInline));
      if (pending.length >= CHUNK_ROWS) await (widths ? flushRest() : flushFirst());
    },
    async end() {
      await (widths ? flushRest() : flushFirst());
    },
  };
}

/**
 * One row as cli-table3 draws it with these options: each cell truncated to its column's
 * width with '…', padded with spaces, followed by two spaces of padding; trailing blanks trimmed.
 */
export function layoutRow(cells: readonly string[], widths: readonly number[]): string {
  let line = '';
  widths.forEach((width, i) => {
    let text = cells[i] ?? '';
    let textWidth = displayWidth(text);
    if (textWidth > width) {
      text = `${truncateToWidth(text, width - 1)}…`;
      textWidth = displayWidth(text);
    }
    line += `${text}${' '.repeat(Math.max(0, width - textWidth))}  `;
  });
  return line.trimEnd();
}

function truncateToWidth(text: string, width: number): string {
  let out = '';
  let used = 0;
  for (const char of text) {
    const w = displayWidth(char);
    if (used + w > width) break;
    out += char;
    used += w;
  }
  return out;
}

function columnWidths(headers: string[], rows: string[][], terminalWidth: number | undefined): number[] {
  const widths = headers.map((h, i) => Math.min(MAX_COLUMN_WIDTH, Math.max(h.length, ...rows.map((r) => displayWidth(r[i] ?? '')))));
  // Shrink the widest columns until the table fits the terminal, but never a column below
  // min(its natural width, 12): ids, dates and statuses stay whole; long text gives way.
  // A terminal of unknown size (0 columns: a pty nobody sized) gets a generous default.
  const floors = widths.map((w) => Math.min(w, 12));
  const budget = (terminalWidth || 120) - 2 * headers.length;
  while (widths.reduce((a, b) => a + b, 0) > budget) {
    let widest = -1;
    widths.forEach((w, i) => {
      if (w > floors[i]! && (widest < 0 || w > widths[widest]!)) widest = i;
    });
    if (widest < 0) break;
    widths[widest]!--;
  }
  return widths;
}

function displayWidth(text: string): number {
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  // Good enough for sizing: code points, wide East Asian characters count double.
  let width = 0;
  for (const char of text) width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}]/u.test(char) ? 2 : 1;
  return width;
}

/** Write and respect backpressure, so a slow pipe does not make us buffer a whole list. */
export function write(out: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = out.write(text, (error) => (error ? reject(error) : undefined));
    if (ok) resolve();
    else out.once('drain', resolve);
  });
}
