// Table output. Not a TTY: tab-separated plain rows, one record per line, no header, no
// color, so `cut -f1` works. A TTY: aligned columns through cli-table3 with a bold header.
// cli-table3's layout grows faster than linearly with the row count (its span-conflict
// check), so long lists are rendered in chunks with the column widths fixed by the first
// chunk: output stays linear and streams while pages arrive.
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
  let first = true;

  async function flush(): Promise<void> {
    if (pending.length === 0 && !first) return;
    const [{ default: Table }, { Chalk }] = await Promise.all([import('cli-table3'), import('chalk')]);
    const chalk = new Chalk({ level: colorLevel as 0 | 1 | 2 | 3 });
    widths ??= columnWidths(headers, pending, terminalWidth);
    const table = new Table({
      head: first ? headers.map((h) => chalk.bold(h)) : [],
      colWidths: widths.map((w) => w + 2),
      chars: NO_BORDER,
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 2 },
      wordWrap: false,
    });
    table.push(...pending);
    const text = table
      .toString()
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line !== '')
      .join('\n');
    first = false;
    pending = [];
    if (text !== '') await write(out, `${text}\n`);
  }

  return {
    async add(cells) {
      pending.push(cells.map(escapeInline));
      if (pending.length >= CHUNK_ROWS) await flush();
    },
    async end() {
      if (pending.length > 0 || first) await flush();
    },
  };
}

function columnWidths(headers: string[], rows: string[][], terminalWidth: number | undefined): number[] {
  const widths = headers.map((h, i) => Math.min(MAX_COLUMN_WIDTH, Math.max(h.length, ...rows.map((r) => displayWidth(r[i] ?? '')))));
  // Shrink the widest columns until the table fits the terminal.
  const budget = (terminalWidth ?? 120) - 2 * headers.length;
  while (widths.reduce((a, b) => a + b, 0) > budget) {
    const widest = widths.indexOf(Math.max(...widths));
    if (widths[widest]! <= 8) break;
    widths[widest]!--;
  }
  return widths;
}

function displayWidth(text: string): number {
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
