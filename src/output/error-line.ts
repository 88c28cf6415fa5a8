// How an error reaches the user: `error: <message>` plus, for a 422, one line per field
// error; under -o json/ndjson also one JSON line. Server text is escaped.
import { toJson } from './json.js';
import { escapeInline } from './sanitize.js';

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
  let text = `error: ${escapeInline(report.message)}\n`;
  for (const [field, messages] of Object.entries(report.explainedErrors ?? report.errors ?? {})) {
    for (const message of messages) text += `  ${escapeInline(field)}: ${escapeInline(message)}\n`;
  }
  return text;
}

export function errorJsonLine(report: ErrorReport): string {
  const error: Record<string, unknown> = { status: report.status, code: report.exitCode, message: report.message };
  if (report.errors) error.errors = report.errors;
  return `${toJson({ error })}\n`;
}
