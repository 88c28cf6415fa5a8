// `get` of a record that carries a Markdown body (documents, tasks), in table mode. The body
// would be one escaped line among the fields, so it is printed on its own: below the fields
// when asked for, or alone with `--fields content` — byte for byte in a pipe, so that
// `… --fields content > brief.md` and `$(…)` work; on a terminal with control characters
// made visible. A record with its body is one page: through the pager on a terminal when it
// is taller than the screen. Other formats print the record as they print any record.
import type { Ctx } from './context.js';
import type { View } from '../output/view.js';

export async function printRecordWithBody<T>(
  ctx: Pick<Ctx, 'output' | 'io'>,
  record: T,
  view: View<T>,
  body: string | null | undefined,
  showBody: boolean,
): Promise<void> {
  const fields = ctx.output.fields;
  if (!ctx.output.forPeople) return ctx.output.record(record, view);
  if (fields?.length === 1 && fields[0] === 'content') {
    const text = body ?? '';
    if (!ctx.io.stdoutIsTTY) return ctx.output.raw(text);
    return text === '' ? undefined : ctx.output.text(text);
  }
  if (!(showBody && !fields && body)) return ctx.output.record(record, view);
  await ctx.output.paged(async (output) => {
    await output.record(record, view);
    await output.text(`\n${body}`);
  });
}
