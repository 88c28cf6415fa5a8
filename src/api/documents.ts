// Documents: /api/v1/documents, addressed by uuid.
import type { ApiClient, QueryValue } from './client.js';
import { unwrapData } from './response-body.js';
import type { Limit, PaginateResult } from './pagination.js';
import type { CreateDocumentBody, Document, UpdateDocumentBody } from './types.js';

const DOCUMENTS_PATH = '/documents';

export interface DocumentFilters {
  company_id?: number;
  project_id?: number;
  client_id?: number;
  is_internal?: boolean;
  /** content adds each document's Markdown body. */
  include?: readonly 'content'[];
}

function documentPath(uuid: string): string {
  return `${DOCUMENTS_PATH}/${encodeURIComponent(uuid)}`;
}

/** The query of GET /documents (most recently updated first) for a set of filters. */
function documentListQuery(filters: DocumentFilters): Record<string, QueryValue> {
  return {
    company_id: filters.company_id,
    project_id: filters.project_id,
    client_id: filters.client_id,
    is_internal: filters.is_internal,
    include: filters.include && filters.include.length > 0 ? filters.include.join(',') : undefined,
  };
}

/** Documents the caller can read, most recently updated first, page by page. */
export function listDocuments(
  client: ApiClient,
  filters: DocumentFilters,
  limit: Limit,
  result?: PaginateResult,
): AsyncGenerator<Document, PaginateResult> {
  return client.list<Document>(DOCUMENTS_PATH, documentListQuery(filters), limit, result);
}

export function getDocument(client: ApiClient, uuid: string, options: { content?: boolean } = {}): Promise<Document> {
  return client.getData<Document>(documentPath(uuid), { include: options.content ? 'content' : undefined });
}

/** A create is not idempotent: `outcomeHint` tells the user how to check one whose answer was lost. */
export async function createDocument(
  client: ApiClient,
  body: CreateDocumentBody,
  outcomeHint?: string,
): Promise<Document> {
  const response = await client.request({ method: 'POST', path: DOCUMENTS_PATH, body, outcomeHint });
  return unwrapData<Document>(response, 'POST', DOCUMENTS_PATH);
}

/** The reference does not show what PUT answers, so when the response carries no document the updated one is read back. */
export async function updateDocument(client: ApiClient, uuid: string, body: UpdateDocumentBody): Promise<Document> {
  const response = await client.request({ method: 'PUT', path: documentPath(uuid), body });
  const data = (response.json as { data?: unknown } | undefined)?.data;
  if (data !== null && typeof data === 'object' && 'uuid' in data) return data as Document;
  return getDocument(client, uuid);
}

/** Deletes the document and its attachments; whatever the service answers is not needed. */
export async function deleteDocument(client: ApiClient, uuid: string): Promise<void> {
  await client.request({ method: 'DELETE', path: documentPath(uuid), goneIsDone: true });
}
