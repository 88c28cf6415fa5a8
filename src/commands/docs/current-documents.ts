// What the service holds now for the documents a directory's files name (`docs push`,
// `docs diff`): one pass over the list with bodies (include=content, pages of 1000), never one
// request per document. A listed document that pwctl could not write back as a file (or that
// is listed twice) is set apart with what is wrong with it, and so are its files.
import type { ApiClient } from '../../api/client.js';
import { listDocuments } from '../../api/documents.js';
import type { Document } from '../../api/types.js';
import { pulledDocumentProblem } from './pulled-document.js';

export interface CurrentDocuments {
  current: Map<string, Document>;
  /** By uuid: what is wrong with what the service sent (`document … twice in its list`). */
  malformed: Map<string, string>;
}

export async function currentDocuments(client: ApiClient, wanted: ReadonlySet<string>): Promise<CurrentDocuments> {
  const current = new Map<string, Document>();
  const malformed = new Map<string, string>();
  if (wanted.size === 0) return { current, malformed };
  for await (const doc of listDocuments(client, { include: ['content'] }, 'all')) {
    const uuid = (doc as { uuid?: unknown } | null)?.uuid;
    if (typeof uuid !== 'string' || !wanted.has(uuid)) continue;
    const problem = current.has(uuid) ? `document ${uuid} twice in its list` : pulledDocumentProblem(doc);
    if (problem) malformed.set(uuid, problem);
    else current.set(uuid, doc);
  }
  return { current, malformed };
}
