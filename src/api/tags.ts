// A task's tags: GET/POST/PUT /steps/{id}/tags and DELETE /steps/{id}/tags/{tag_id}. Every
// endpoint answers {data, added, removed, created} (not a data envelope around a record).
import type { ApiClient, ApiResponse } from './client.js';
import { ApiError } from './errors.js';
import type { TagChange, TagsBody } from './types.js';

function tagsPath(stepId: number): string {
  return `/steps/${stepId}/tags`;
}

export async function listTags(client: ApiClient, stepId: number): Promise<TagChange> {
  const path = tagsPath(stepId);
  return readTagChange(await client.request({ method: 'GET', path }), 'GET', path);
}

/** POST keeps existing tags; the reference makes it idempotent (adding a present tag is a no-op). */
export async function addTags(client: ApiClient, stepId: number, body: TagsBody): Promise<TagChange> {
  const path = tagsPath(stepId);
  const response = await client.request({ method: 'POST', path, body, idempotent: true });
  return readTagChange(response, 'POST', path);
}

/** PUT replaces the task's tags (retired-set tags stay). */
export async function setTags(client: ApiClient, stepId: number, body: TagsBody): Promise<TagChange> {
  const path = tagsPath(stepId);
  const response = await client.request({ method: 'PUT', path, body, idempotent: true });
  return readTagChange(response, 'PUT', path);
}

export async function removeTag(client: ApiClient, stepId: number, tagId: number): Promise<TagChange> {
  const path = `${tagsPath(stepId)}/${tagId}`;
  const response = await client.request({ method: 'DELETE', path });
  return readTagChange(response, 'DELETE', path);
}

/** The response body checked for the shape every tag endpoint returns. */
function readTagChange(response: ApiResponse, method: string, path: string): TagChange {
  const json = response.json as Partial<TagChange> | undefined;
  if (!json || typeof json !== 'object' || !Array.isArray(json.data)) {
    throw new ApiError({
      kind: 'bad_response',
      status: response.status,
      method,
      url: path,
      message: `${method} ${path}: the response has no data array of tags`,
    });
  }
  return {
    data: json.data,
    added: Array.isArray(json.added) ? json.added : [],
    removed: Array.isArray(json.removed) ? json.removed : [],
    created: Array.isArray(json.created) ? json.created : [],
  };
}
