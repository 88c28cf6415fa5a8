// What docs create/update/edit share about a new body (read by ../content-input.ts or the
// editor): the container check, and what replacing a body does to an existing document —
// all decided before the body is sent.
import type { NewContent } from '../content-input.js';
import type { Document } from '../../api/types.js';
import { findContainerProblems } from '../../content/containers.js';
import { describeElements, omittedElements } from '../../content/preserved.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { escapeInline } from '../../output/sanitize.js';

/** The service's own 422 message for an empty body on a document that has one. */
export const EMPTY_CONTENT_MESSAGE = 'The content field must not be empty for a document that has a body.';


/** Refuse a body whose :::callout / :::toggle containers the service would mangle. */
export function verifyContainers(content: NewContent, verify: boolean): void {
  if (!verify) return;
  const problems = findContainerProblems(content.text);
  const first = problems[0];
  if (!first) return;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  throw new UsageError(`${content.source}: line ${first.line}: ${first.message}${more}; --no-verify sends it unchecked`);
}

/** `--internal` / `--client-visible` → is_internal. */
export function audienceFromFlags(flags: { internal?: boolean; clientVisible?: boolean }): boolean | undefined {
  if (flags.internal && flags.clientVisible) throw new UsageError('--internal and --client-visible cannot be used together');
  if (flags.internal) return true;
  if (flags.clientVisible) return false;
  return undefined;
}

/**
 * Before `next` replaces `current.content`: an empty body on a document that has one is
 * refused as the service would refuse it; elements Markdown cannot express that `next`
 * leaves out are named, since the service keeps them unless told to remove them.
 */
export function checkReplacement(ctx: Factory, current: Document, next: string, allowRemoving: boolean): void {
  const body = current.content ?? '';
  if (next.trim() === '' && body.trim() !== '') throw new UsageError(EMPTY_CONTENT_MESSAGE);
  const omitted = omittedElements(body, next);
  if (omitted.length === 0) return;
  const them = omitted.length === 1 ? 'it' : 'them';
  const what = escapeInline(describeElements(omitted));
  if (allowRemoving) ctx.io.notice(`removing ${what} from the document (--allow-removing-attachments)`);
  else ctx.io.notice(`note: the new content leaves out ${what}; the service preserves ${them} in place (pass --allow-removing-attachments to remove ${them})`);
}
