// A watch on a terminal, as watch(1) and `gh run watch` show one: the alternate screen (what
// was on the terminal comes back when the watch ends), the cursor hidden, and each refresh
// drawn whole from the top — a header line (the interval, the command, the time) and what the
// command drew — in one write, so the screen never shows half a refresh. What does not fit the
// screen is cut, and the last line says how much, rather than scrolling the header away.
import { escapeInline, terminalText, type TerminalText } from '../../io/sanitize.js';
import { screenRows } from '../pager.js';

/** Into the alternate screen, cursor hidden. */
export const ENTER_SCREEN = terminalText('\u001b[?1049h\u001b[?25l');
/** Cursor shown, back to the screen as it was. */
export const LEAVE_SCREEN = terminalText('\u001b[?25h\u001b[?1049l');
/** The cursor to the top left, and the screen cleared from there. */
const FROM_THE_TOP = '\u001b[H\u001b[J';

const DEFAULT_ROWS = 24;

export interface FrameHeader {
  /** `every 2s`. */
  every: string;
  /** `pwctl steps list`. */
  title: string;
  /** When this refresh was read: `14:03:05`. */
  at: string;
  /** A line under the header: why the interval is not the one asked for. */
  note?: string;
}

/** One refresh as the terminal shows it, from the top of the screen. */
export function frameText(
  header: FrameHeader,
  body: TerminalText,
  size: { columns: number | undefined; rows: number | undefined },
): TerminalText {
  const columns = size.columns ?? 80;
  const left = escapeInline(`Every ${header.every}: ${header.title}  (Ctrl-C ends)`);
  const gap = Math.max(2, columns - left.length - header.at.length);
  const top = [`${left}${' '.repeat(gap)}${header.at}`];
  if (header.note) top.push(escapeInline(header.note));
  top.push('');
  const budget = Math.max(1, (size.rows ?? DEFAULT_ROWS) - top.length);
  const lines = body.endsWith('\n') ? body.slice(0, -1).split('\n') : body === '' ? [] : body.split('\n');
  const shown: string[] = [];
  let used = 0;
  for (const [i, line] of lines.entries()) {
    const rows = screenRows(line, columns);
    const last = i === lines.length - 1;
    // Room for this line, and for the line that says what is cut when more follow.
    if (used + rows > budget - (last ? 0 : 1)) {
      shown.push(`… ${lines.length - i} more lines (a taller terminal shows them)`);
      break;
    }
    shown.push(line);
    used += rows;
  }
  // No newline after the last line: on the screen's last row it would scroll the header away.
  return terminalText(`${FROM_THE_TOP}${[...top, ...shown].join('\n')}`);
}

/** The local time of day, HH:MM:SS. */
export function clockTime(date: Date): string {
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}
