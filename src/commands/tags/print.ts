// Printing a tag change: json/ndjson/yaml get the service's {data, added, removed, created}
// as is; a table lists the task's tags after the change with what changed marked.
import { ApiError, displayPath, statusText } from '../../api/errors.js';
import type { TagChange, TagReference } from '../../api/types.js';
import type { Ctx } from '../context.js';
import type { View } from '../../output/view.js';
import { tagRows, type TagRow } from './tag-change.js';
import { describeRef } from './tag-ref.js';

export const TAG_ROW_VIEW: View<TagRow> = {
  fields: ['id', 'name', 'color', 'change'],
  columns: [
    { header: 'ID', field: 'id', value: (t) => t.id },
    { header: 'NAME', field: 'name', value: (t) => t.name },
    { header: 'COLOR', field: 'color', value: (t) => t.color },
    { header: 'CHANGE', field: 'change', value: (t) => t.change },
  ],
};

export async function printTagChange(
  ctx: Ctx,
  stepId: number,
  change: TagChange,
  retired?: ReadonlySet<number>,
): Promise<void> {
  await ctx.output.value(change, async () => {
    const rows = tagRows(change, retired);
    if (rows.length === 0) ctx.io.notice(`task ${stepId} has no tags`);
    else await ctx.output.list(rows, TAG_ROW_VIEW);
  });
}

/** "✓ task 12: 2 added (1 new), 1 removed" on stderr, for people. */
export function noticeTagChange(ctx: Ctx, stepId: number, change: TagChange): void {
  const parts = [`${change.added.length} added${change.created.length ? ` (${change.created.length} new)` : ''}`];
  if (change.removed.length) parts.push(`${change.removed.length} removed`);
  ctx.io.notice(`✓ task ${stepId}: ${parts.join(', ')}`);
}

/**
 * The service's field errors name positions in the request (`tags.3`) and its own body
 * fields; the error lines for people name the tag the user typed instead. A name refused
 * under `--no-create` is said in our words whatever the service's wording: the name is not a
 * tag of the task's company, and not creating it was asked for. The one other refusal of a
 * name, a tag of a retired set, keeps the service's words (which say "retired"). The JSON
 * error line keeps the service's errors as sent. `sent` is the list of that request;
 * `prefix` says what was already applied; `noCreate` how the user asked not to create tags.
 */
export function explainTagError(
  error: unknown,
  sent: readonly TagReference[],
  options: { prefix?: string; noCreate?: string } = {},
): unknown {
  if (!(error instanceof ApiError)) return error;
  const { prefix = '', noCreate } = options;
  if (!error.errors && !prefix) return error;
  let explained: Record<string, string[]> | undefined;
  const unknownNames: string[] = [];
  if (error.errors) {
    explained = {};
    for (const [field, messages] of Object.entries(error.errors)) {
      const m = /^tags\.(\d+)$/.exec(field);
      const ref = m ? sent[Number(m[1])] : undefined;
      if (noCreate !== undefined && typeof ref === 'string' && !messages.some((text) => /retired/i.test(text))) {
        unknownNames.push(ref);
        explained[`tag ${describeRef(ref)}`] = [
          `no tag of the task's company has this name, and ${noCreate} says not to create it`,
        ];
      } else {
        explained[ref === undefined ? field : `tag ${describeRef(ref)}`] = messages;
      }
    }
  }
  const refused = Object.keys(error.errors ?? {}).length;
  const message =
    unknownNames.length > 0 && unknownNames.length === refused
      ? `${error.method} ${displayPath(error.url)}: ${error.status} ${statusText(error.status ?? 0)}: unknown tag ${unknownNames.length === 1 ? 'name' : 'names'} with ${noCreate}: ${unknownNames.map((n) => JSON.stringify(n)).join(', ')}`
      : error.message;
  return error.with({ explainedErrors: explained, message: `${prefix}${message}` });
}
