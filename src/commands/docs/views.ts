import { REF_FIELDS, USER_REF_FIELDS, type Document } from '../../api/types.js';
import { shortDate, type View } from '../../output/view.js';

export function audienceOf(doc: Pick<Document, 'is_internal'>): string {
  return doc.is_internal ? 'internal' : 'client-visible';
}

export const DOCUMENT_VIEW: View<Document> = {
  fields: [
    'id',
    'uuid',
    'title',
    'content',
    'excerpt',
    'is_internal',
    'edit_access',
    'author',
    'project',
    'client',
    'company',
    'created_at',
    'updated_at',
  ],
  nested: { author: USER_REF_FIELDS, project: REF_FIELDS, client: REF_FIELDS, company: REF_FIELDS },
  columns: [
    { header: 'UUID', field: 'uuid', value: (d) => d.uuid, fit: 'whole' },
    { header: 'TITLE', field: 'title', value: (d) => d.title, fit: 'shrink' },
    { header: 'AUDIENCE', field: 'is_internal', value: audienceOf, fit: 'whole' },
    { header: 'PROJECT', field: 'project.title', value: (d) => d.project, fit: 'shrink' },
    { header: 'CLIENT', field: 'client.title', value: (d) => d.client, fit: 'shrink' },
    { header: 'UPDATED', field: 'updated_at', value: (d) => shortDate(d.updated_at), fit: 'whole' },
    // The reference's "owning company": the same on every row for most people, so it gives way first.
    { header: 'OWNER', field: 'company.title', value: (d) => d.company, fit: 'shrink', optional: true },
  ],
  detail: [
    { header: 'UUID', value: (d) => d.uuid },
    { header: 'ID', value: (d) => d.id },
    { header: 'TITLE', value: (d) => d.title },
    { header: 'AUDIENCE', value: audienceOf },
    { header: 'EDIT ACCESS', value: (d) => d.edit_access },
    { header: 'COMPANY', value: (d) => d.company },
    { header: 'PROJECT', value: (d) => d.project },
    { header: 'CLIENT', value: (d) => d.client },
    { header: 'AUTHOR', value: (d) => d.author },
    { header: 'CREATED', value: (d) => shortDate(d.created_at) },
    { header: 'UPDATED', value: (d) => shortDate(d.updated_at) },
    { header: 'EXCERPT', value: (d) => d.excerpt },
  ],
  cache: { kind: 'docs', id: (d) => d.uuid, title: (d) => d.title },
};
