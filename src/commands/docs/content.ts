// What docs create/update/edit share about a new body (from --content, --content-file or the
// editor): the container check, and what replacing a body does to an existing document —
// all decided before the body is sent.
import type { Document } from '../../api/types.js';
import { findContainerProblems } from '../../content/containers.js';
import { describeElements, omittedElements } from '../../content/preserved.js';
import { UsageError } from '../../errors.js';
import { escapeInline } from '../../io/sanitize.js';
import type { Ctx } from '../context.js';
import type { TextSource } from '../flags.js';

/** Refuse a body whose :::callout / :::toggle containers the service would mangle. */
export function verifyContainers(content: TextSource, verify: boolean): void {
  if (!verify) return;
  const problems = findContainerProblems(content.text);
  const first = problems[0];
  if (!first) return;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  throw new UsageError(
    `${content.source}: line ${first.line}: ${first.message}${more}; --no-verify sends it unchecked`,
  );
}

/**
 * Before `next` replaces `current.content`: elements Markdown cannot express that `next`
 * leaves out are named, since the service keeps them unless told to remove them. An empty
 * body is the service's to accept or refuse (422 on a document that has one), so it is sent.
 */
export function checkReplacement(ctx: Ctx, current: Document, next: string, allowRemoving: boolean): void {
  if (isBlank(next)) return;
  const omitted = omittedElements(current.content ?? '', next);
  if (omitted.length === 0) return;
  const them = omitted.length === 1 ? 'it' : 'them';
  const what = escapeInline(describeElements(omitted));
  if (allowRemoving) ctx.io.notice(`removing ${what} from the document (--allow-removing-attachments)`);
  else
    ctx.io.notice(
      `note: the new content leaves out ${what}; the service preserves ${them} in place (pass --allow-removing-attachments to remove ${them})`,
    );
}

/** A body of nothing but whitespace: nothing to compare with the current one. */
export function isBlank(text: string): boolean {
  return text.trim() === '';
}
