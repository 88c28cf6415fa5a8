// Removing tags from a task: the API removes one tag per request, so each id is its own
// DELETE. `tags remove` and the MCP server's tags_remove both remove this way.
import { RequestNotSent } from '../../api/not-sent.js';
import type { ApiClient } from '../../api/client.js';
import { removeTag } from '../../api/tags.js';
import type { TagChange } from '../../api/types.js';
import { explainTagError } from './print.js';
import { mergeTagChanges } from './tag-change.js';

/** The merged change. A failure says which tags were already removed. Under --dry-run every DELETE is shown. */
export async function removeTagsEach(client: ApiClient, stepId: number, tagIds: readonly number[]): Promise<TagChange> {
  const changes: TagChange[] = [];
  let notSent: RequestNotSent | undefined;
  for (const [i, tagId] of tagIds.entries()) {
    try {
      changes.push(await removeTag(client, stepId, tagId));
    } catch (error) {
      if (error instanceof RequestNotSent) {
        notSent = error;
        continue;
      }
      throw explainTagError(error, [], {
        prefix: i > 0 ? `removed ${tagIds.slice(0, i).join(', ')}; then tag ${tagId} failed: ` : '',
      });
    }
  }
  if (notSent) throw notSent;
  return mergeTagChanges(changes);
}
