// Removing tags from a task: the API removes one tag per request, so each id is its own
// DELETE. `tags remove` and the MCP server's tags_remove both remove this way.
import type { ApiClient } from '../../api/client.js';
import { removeTag } from '../../api/tags.js';
import type { TagChange } from '../../api/types.js';
import { explainTagError } from './print.js';
import { mergeTagChanges } from './tag-change.js';

/** The merged change; undefined under --dry-run. A failure says which tags were already removed. */
export async function removeTagsEach(client: ApiClient, stepId: number, tagIds: readonly number[]): Promise<TagChange | undefined> {
  const changes: TagChange[] = [];
  for (const [i, tagId] of tagIds.entries()) {
    try {
      const change = await removeTag(client, stepId, tagId);
      if (change) changes.push(change);
    } catch (error) {
      throw explainTagError(error, [], i > 0 ? `removed ${tagIds.slice(0, i).join(', ')}; then tag ${tagId} failed: ` : '');
    }
  }
  return changes.length === 0 ? undefined : mergeTagChanges(changes);
}
