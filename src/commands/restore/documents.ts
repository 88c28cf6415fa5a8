// Documents back: created with title, body, audience and owner (project, client or company),
// then edit access, which the create body does not carry (a second request sets it). An
// update sends only the fields that differ; a new body replaces the old, and the service
// keeps the attachments, embeds and form fields it leaves out, as on every content update.
import { createDocument, updateDocument } from '../../api/documents.js';
import type { CreateDocumentBody, Document, UpdateDocumentBody } from '../../api/types.js';
import { bodyHolds } from '../../content/bodies.js';
import type { ParentRef } from './placement.js';
import { noticeKept, type RecordKind } from './record-kind.js';

export const DOCUMENTS: RecordKind<Document, Document> = {
  kind: 'documents',
  noun: 'document',
  oldId: (doc) => doc.uuid,
  serviceId: (doc) => doc.uuid,
  title: (doc) => doc.title,
  createdAt: (doc) => doc.created_at,

  /** A document hangs from its project and client when it has them; from its company otherwise (the service infers it then). */
  parents(doc) {
    const parents: ParentRef[] = [];
    if (doc.project) parents.push({ kind: 'projects', id: doc.project.id, title: doc.project.title });
    if (doc.client) parents.push({ kind: 'clients', id: doc.client.id, title: doc.client.title });
    if (parents.length === 0) parents.push({ kind: 'companies', id: doc.company.id, title: doc.company.title });
    return parents;
  },

  identity: (doc, placed) => owner(doc.title, placed.projects, placed.clients, placed.companies),
  currentIdentity: (doc) =>
    owner(doc.title, doc.project?.id, doc.client?.id, doc.project || doc.client ? undefined : doc.company?.id),

  differences(doc, current) {
    const changed: string[] = [];
    if (doc.title !== current.title) changed.push('title');
    if (!bodyHolds(current.content ?? '', doc.content ?? '')) changed.push('content');
    if (doc.is_internal !== current.is_internal) changed.push('is_internal');
    if (doc.edit_access !== current.edit_access) changed.push('edit_access');
    return changed;
  },

  // The body is told by name only: a diff of it is `docs diff`'s job.
  change(field, doc, current) {
    if (field === 'title' || field === 'is_internal' || field === 'edit_access')
      return { from: current[field], to: doc[field] };
    return undefined;
  },

  async create(client, doc, placed, _env, onCreated) {
    const body: CreateDocumentBody = { title: doc.title, is_internal: doc.is_internal };
    if ((doc.content ?? '') !== '') body.content = doc.content;
    if (placed.projects !== undefined) body.project_id = placed.projects;
    if (placed.clients !== undefined) body.client_id = placed.clients;
    if (placed.companies !== undefined) body.company_id = placed.companies;
    const created = await createDocument(client, body, 'pwctl docs list --all --fields uuid,title,created_at');
    const setAccess = created.edit_access !== doc.edit_access;
    onCreated(created.uuid, setAccess ? ['edit_access'] : []);
    if (setAccess) await updateDocument(client, created.uuid, { edit_access: doc.edit_access });
    return {};
  },

  async update(client, doc, current, placed, env) {
    const changed = DOCUMENTS.differences(doc, current, placed);
    if (changed.length === 0) return {};
    const body: UpdateDocumentBody = {};
    if (changed.includes('title')) body.title = doc.title;
    if (changed.includes('content')) {
      body.content = doc.content ?? '';
      noticeKept(env, `document ${current.uuid}`, current.content ?? '', body.content);
    }
    if (changed.includes('is_internal')) body.is_internal = doc.is_internal;
    if (changed.includes('edit_access')) body.edit_access = doc.edit_access;
    await updateDocument(client, current.uuid, body);
    return {};
  },
};

function owner(
  title: string,
  project: number | undefined,
  client: number | undefined,
  company: number | undefined,
): string {
  return JSON.stringify([title, project ?? null, client ?? null, company ?? null]);
}
