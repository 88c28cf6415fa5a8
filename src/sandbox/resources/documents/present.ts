// Documents → wire objects; the content only with include=content.
import type { Document } from '../../../api/types.js';
import { excerptOf } from '../../markdown.js';
import { ref } from '../../present.js';
import type { SandboxState } from '../../state.js';
import type { DocumentRecord } from './records.js';

export function presentDocument(state: SandboxState, doc: DocumentRecord, withContent: boolean): Document {
  const author = state.users[doc.author_id];
  const project = doc.project_id === null ? undefined : state.projects[doc.project_id];
  const client = doc.client_id === null ? undefined : state.clients[doc.client_id];
  const company = state.companies[doc.company_id];
  const out = {
    id: doc.id,
    uuid: doc.uuid,
    title: doc.title,
    ...(withContent ? { content: doc.content } : {}),
    excerpt: excerptOf(doc.content),
    is_internal: doc.is_internal,
    edit_access: doc.edit_access,
    author: author ? { id: author.id, name: author.name } : { id: doc.author_id, name: '' },
    project: project ? ref(project) : null,
    client: client ? ref(client) : null,
    company: company ? ref(company) : { id: doc.company_id, title: '' },
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
  return out;
}
