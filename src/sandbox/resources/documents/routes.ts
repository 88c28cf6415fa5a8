// /api/v1/documents: rich-text pages addressed by uuid.
import { randomUUID } from 'node:crypto';
import { EDIT_ACCESS_VALUES } from '../../../api/types.js';
import { isMemberOf, isTeam, requireCompanyAccess, requireTeam } from '../../access.js';
import { nowTimestamp } from '../../clock.js';
import { forbidden, notFound, validationFailed, type FieldErrors } from '../../http-error.js';
import { preserveMarkers } from '../../markdown.js';
import { paginate, parsePageQuery } from '../../pagination.js';
import { defineRoute, noContent, ok, type ApiContext, type ApiRoute } from '../../routing.js';
import { takeId, type SandboxState, type UserRecord } from '../../state.js';
import { BodyValidator, bodyObject, queryBoolean, queryIncludes, queryInteger } from '../../validate.js';
import { companyIdOfProject } from '../projects/access.js';
import { presentDocument } from './present.js';
import type { DocumentRecord } from './records.js';

export const EMPTY_CONTENT_MESSAGE = 'The content field must not be empty for a document that has a body.';

/** Team members see their companies' documents; a client user sees client-visible ones of their client. */
function canSeeDocument(state: SandboxState, user: UserRecord, doc: DocumentRecord): boolean {
  if (isTeam(user)) return isMemberOf(user, doc.company_id);
  if (doc.is_internal) return false;
  const projectClient = doc.project_id === null ? null : state.projects[doc.project_id]?.client_id;
  return doc.client_id === user.client_id || (projectClient !== null && projectClient === user.client_id);
}

function findDocument(ctx: ApiContext): DocumentRecord {
  const uuid = ctx.params.uuid ?? '';
  const doc = Object.hasOwn(ctx.state.documents, uuid) ? ctx.state.documents[uuid] : undefined;
  if (!doc || !canSeeDocument(ctx.state, ctx.user, doc)) throw notFound('Document not found.');
  return doc;
}

const withContent = (ctx: ApiContext): boolean => queryIncludes(ctx.query).has('content');

function listDocuments(ctx: ApiContext) {
  const errors: FieldErrors = {};
  const companyId = queryInteger(ctx.query, 'company_id', errors);
  const projectId = queryInteger(ctx.query, 'project_id', errors);
  const clientId = queryInteger(ctx.query, 'client_id', errors);
  const internal = queryBoolean(ctx.query, 'is_internal', errors);
  const page = parsePageQuery(ctx.query, errors);
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (companyId !== undefined) requireCompanyAccess(ctx.state, ctx.user, companyId);

  const docs = Object.values(ctx.state.documents)
    .filter(
      (d) =>
        canSeeDocument(ctx.state, ctx.user, d) &&
        (companyId === undefined || d.company_id === companyId) &&
        (projectId === undefined || d.project_id === projectId) &&
        (clientId === undefined || d.client_id === clientId) &&
        (internal === undefined || d.is_internal === internal),
    )
    .sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : b.id - a.id));
  const content = withContent(ctx);
  return ok(paginate(docs, page, ctx.url, (d) => presentDocument(ctx.state, d, content)));
}

function createDocument(ctx: ApiContext) {
  requireTeam(ctx.user, 'Only team members can create documents.');
  const v = new BodyValidator(bodyObject(ctx.body));
  const title = v.string('title', { required: true });
  const content = v.string('content', { nullable: true });
  const companyId = v.integer('company_id');
  const projectId = v.integer('project_id');
  const clientId = v.integer('client_id');
  const isInternal = v.boolean('is_internal') ?? true;
  const editAccess = v.oneOf('edit_access', EDIT_ACCESS_VALUES) ?? 'team';

  const project = typeof projectId === 'number' ? ctx.state.projects[projectId] : undefined;
  const projectCompany = project ? companyIdOfProject(ctx.state, project.id) : null;
  if (typeof projectId === 'number' && (projectCompany === null || !isMemberOf(ctx.user, projectCompany))) {
    v.fail('project_id', 'The selected project id is invalid.');
  }
  const client = typeof clientId === 'number' ? ctx.state.clients[clientId] : undefined;
  if (typeof clientId === 'number' && (!client || !isMemberOf(ctx.user, client.company_id))) {
    v.fail('client_id', 'The selected client id is invalid.');
  }
  const company = companyId ?? projectCompany ?? client?.company_id;
  if (company === undefined || company === null) {
    if (!v.has('company_id') && !v.has('project_id') && !v.has('client_id')) {
      v.fail('company_id', 'The company id field is required when neither project id nor client id is present.');
    }
  } else {
    if (projectCompany !== null && projectCompany !== company)
      v.fail('project_id', 'The project must belong to the same company as the document.');
    if (client && client.company_id !== company)
      v.fail('client_id', 'The client must belong to the same company as the document.');
  }
  v.check();
  if (!ctx.state.companies[company as number] || !isMemberOf(ctx.user, company as number)) {
    throw forbidden('You do not belong to this company.');
  }

  const now = nowTimestamp();
  const doc: DocumentRecord = {
    id: takeId(ctx.state, 'document'),
    uuid: randomUUID(),
    title: title as string,
    content: content ?? '',
    is_internal: isInternal,
    edit_access: editAccess,
    author_id: ctx.user.id,
    company_id: company as number,
    project_id: project?.id ?? null,
    client_id: client?.id ?? null,
    created_at: now,
    updated_at: now,
  };
  ctx.state.documents[doc.uuid] = doc;
  return ok({ data: presentDocument(ctx.state, doc, withContent(ctx)) }, 201);
}

function updateDocument(ctx: ApiContext) {
  const doc = findDocument(ctx);
  const body = bodyObject(ctx.body);
  if (!isTeam(ctx.user)) {
    if ('is_internal' in body || 'edit_access' in body) {
      throw forbidden('Only team members can change is_internal or edit_access.');
    }
    if (doc.edit_access !== 'collaborative') throw forbidden('Client users may edit only collaborative documents.');
  }
  const v = new BodyValidator(body);
  const title = v.string('title', { filled: true });
  const content = v.string('content');
  const isInternal = v.boolean('is_internal');
  const editAccess = v.oneOf('edit_access', EDIT_ACCESS_VALUES);
  const allowRemoving = v.boolean('allow_removing_attachments') ?? false;
  if (typeof content === 'string' && content.trim() === '' && doc.content.trim() !== '') {
    v.fail('content', EMPTY_CONTENT_MESSAGE);
  }
  v.check();

  if (typeof title === 'string') doc.title = title;
  if (typeof content === 'string') doc.content = allowRemoving ? content : preserveMarkers(doc.content, content);
  if (isInternal !== undefined) doc.is_internal = isInternal;
  if (editAccess !== undefined) doc.edit_access = editAccess;
  doc.updated_at = nowTimestamp();
  return ok({ data: presentDocument(ctx.state, doc, withContent(ctx)) });
}

function deleteDocument(ctx: ApiContext) {
  const doc = findDocument(ctx);
  requireTeam(ctx.user, 'Only team members can delete documents.');
  delete ctx.state.documents[doc.uuid];
  return noContent();
}

export const documentRoutes: ApiRoute[] = [
  defineRoute('GET', '/api/v1/documents', listDocuments),
  defineRoute('POST', '/api/v1/documents', createDocument),
  defineRoute('GET', '/api/v1/documents/:uuid', (ctx) =>
    ok({ data: presentDocument(ctx.state, findDocument(ctx), withContent(ctx)) }),
  ),
  defineRoute('PUT', '/api/v1/documents/:uuid', updateDocument),
  defineRoute('DELETE', '/api/v1/documents/:uuid', deleteDocument),
];
