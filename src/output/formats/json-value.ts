// JSON values on stdout, shared by the formats that print them (json and ndjson, and a
// table's fallback for a bare value): through --jq when one was given, coloured on a terminal.
import { CommandFailedError } from '../../errors.js';
import type { TerminalText } from '../../io/sanitize.js';
import type { FormatTarget } from '../format.js';
import type { JqTarget } from '../jq-output.js';
import { jsonPainter, toJson } from '../json.js';
import type { View } from '../view.js';

/** One JSON value and a newline, indented for reading when `indent` is given; with --jq, what the filter makes of it. */
export async function writeJsonValue(out: FormatTarget, value: unknown, indent?: number): Promise<void> {
  if (out.jq) return (await import('../jq-output.js')).jqWrite(out, out.jq.run(toJson(value)));
  await writeJsonText(out, `${toJson(value, indent)}\n`);
}

/** JSON text on stdout: as it is into a pipe, sanitised and coloured on a terminal (../json.ts). */
export async function writeJsonText(out: FormatTarget, json: string): Promise<void> {
  await out.io.out((await jsonPainter(out.io))(json));
}

/** What --jq needs to filter a list's records. */
export function jqTarget<T>(out: FormatTarget, view: View<T>): JqTarget<T> {
  return {
    io: out.io,
    write: (text) => out.write(text),
    select: (record) => out.select(record),
    seen: (record) => out.seen(record, view),
  };
}

/**
 * How each record of a stream is written (a watch into a pipe, listen): one compact JSON line,
 * coloured on a terminal; with --jq, what the filter makes of the record, as -o ndjson filters
 * a list's records (jq's notes on stderr, a runtime error ends the command).
 */
export async function jsonLineRenderer(out: FormatTarget): Promise<(record: unknown) => TerminalText> {
  const { jq } = out;
  if (jq)
    return (record) => {
      const output = jq.run(toJson(out.select(record)));
      if (output.notes !== '') out.io.error(output.notes);
      if (output.error) throw new CommandFailedError(output.error);
      return out.io.stdoutText(output.text);
    };
  const paint = await jsonPainter(out.io);
  return (record) => paint(`${toJson(out.select(record))}\n`);
}
