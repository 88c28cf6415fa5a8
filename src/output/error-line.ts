// How an error reaches the user: `error: <message>` plus, for a 422, one line per field
// error; under -o json/ndjson also one JSON line. Server text is escaped.
import { toJson } from './json.js';
import { escapeInline } from '../io/sanitize.js';

export interface ErrorReport {
  message: string;
  status: number | null;
  exitCode: number;
  /** The service's field errors as sent: the JSON line's `errors`. */
  errors?: Record<string, string[]>;
  /** The same told for people (src/api/errors.ts): the `  <field>: <message>` lines, when given. */
  explainedErrors?: Record<string, string[]>;
}

export function errorLines(report: ErrorReport): string {
  let text = `error: ${escapeInline(withoutRepeatedField(report))}\n`;
  for (const [field, messages] of Object.entries(report.explainedErrors ?? report.errors ?? {})) {
    for (const message of messages) text += `  ${escapeInline(field)}: ${escapeInline(message)}\n`;
  }
  return text;
}

/**
 * A 422's message is usually its first field error again ("The title field is required.",
 * or "… (and 2 more errors)"): the field lines below say it with the field's name, so the
 * first line ends at the status instead of saying it twice.
 */
function withoutRepeatedField({ message, errors, explainedErrors }: ErrorReport): string {
  const said = [...Object.values(errors ?? {}), ...Object.values(explainedErrors ?? {})].flat();
  for (const field of said) {
    const at = message.lastIndexOf(`: ${field}`);
    if (at < 0) continue;
    const rest = message.slice(at + field.length + 2);
    if (rest === '' || /^ \(and \d+ more errors?\)$/.test(rest)) return message.slice(0, at);
  }
  return message;
}

/**
 * An error's stack for --debug: the message (which may hold the service's text) escaped into
 * one line, so that a newline in it cannot start a line of its own; the frames as Node wrote them.
 */
export function debugStack(error: Error): string {
  const stack = error.stack ?? '';
  const head = error.message === '' ? String(error.name) : `${error.name}: ${error.message}`;
  const frames = stack.startsWith(head)
    ? stack.slice(head.length)
    : stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .map((line) => `\n${line}`)
        .join('');
  return `${escapeInline(head)}${frames}\n`;
}

export function errorJsonLine(report: ErrorReport): string {
  const error: Record<string, unknown> = { status: report.status, code: report.exitCode, message: report.message };
  if (report.errors) error.errors = report.errors;
  return `${toJson({ error })}\n`;
}
