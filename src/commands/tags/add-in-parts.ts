// Adding tags to a task, however many: the service takes at most 100 references per
// request and adding is cumulative, so a longer list is sent in parts. `tags add` and the
// MCP server's tags_add both add this way.
import { RequestNotSent } from '../../api/not-sent.js';
import type { ApiClient } from '../../api/client.js';
import { addTags } from '../../api/tags.js';
import { MAX_TAG_REFERENCES, type TagChange, type TagReference } from '../../api/types.js';
import { explainTagError } from './print.js';
import { mergeTagChanges } from './tag-change.js';
import { chunk } from './tag-ref.js';

/**
 * The merged change. A failed part says how many tags the earlier parts added. Under
 * --dry-run every part is shown. `noCreate`: how the user asked not to create tags for
 * unknown names (`--no-create`), undefined when they are created.
 */
export async function addTagsInParts(
  client: ApiClient,
  stepId: number,
  refs: readonly TagReference[],
  noCreate: string | undefined,
): Promise<TagChange> {
  const changes: TagChange[] = [];
  let notSent: RequestNotSent | undefined;
  for (const [i, part] of chunk(refs, MAX_TAG_REFERENCES).entries()) {
    const body = noCreate === undefined ? { tags: part } : { tags: part, create_missing: false };
    try {
      changes.push(await addTags(client, stepId, body));
    } catch (error) {
      if (error instanceof RequestNotSent) {
        notSent = error;
        continue;
      }
      const done = i * MAX_TAG_REFERENCES;
      throw explainTagError(error, part, {
        noCreate,
        prefix: done > 0 ? `the first ${done} tags were added; the rest failed: ` : '',
      });
    }
  }
  if (notSent) throw notSent;
  return mergeTagChanges(changes);
}
