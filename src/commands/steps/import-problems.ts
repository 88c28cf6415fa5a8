// Every problem of an import file, told in one error before any request. One problem is one
// line, as the contract has it (`line 3: due_date must be …`). Several are a first line that
// says how many and on which lines, then one `  line N: <field> <problem>` line each: a
// script that reads only the first line of stderr still learns that the file was refused and
// where, and a person sees every row to fix after one run, not one per run.
import { InputErrors, UsageError } from '../../errors.js';
import type { RowProblem } from './import-source.js';

/** Past this many, the rest are counted, not listed: a file wrong in every row would fill the screen. */
const MAX_LISTED = 50;
const MAX_LINES_NAMED = 10;

/** `what` names the problems in the first line when they are all of one kind (`rows changed since …`). */
export function problemsError(problems: readonly RowProblem[], what?: (count: number) => string): UsageError {
  const sorted = [...problems].sort((a, b) => a.line - b.line);
  if (sorted.length === 1) return new UsageError(`line ${sorted[0]!.line}: ${sorted[0]!.message}`);
  const lines = [...new Set(sorted.map((p) => p.line))];
  const named = `${lines.slice(0, MAX_LINES_NAMED).join(', ')}${lines.length > MAX_LINES_NAMED ? ', …' : ''}`;
  const listed = sorted.length > MAX_LISTED ? `; the first ${MAX_LISTED} are listed` : '';
  const errors: Record<string, string[]> = {};
  for (const { line, message } of sorted.slice(0, MAX_LISTED)) (errors[`line ${line}`] ??= []).push(message);
  const where = lines.length === 1 ? `line ${named}` : `${lines.length} lines (${named})`;
  const counted = what
    ? `${what(sorted.length)} (${lines.length === 1 ? where : `lines ${named}`})`
    : `${sorted.length} problems on ${where}`;
  return new InputErrors(`${counted}; nothing was sent${listed}`, errors);
}
