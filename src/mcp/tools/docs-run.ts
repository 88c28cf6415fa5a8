// Documents: the tools' run functions, over src/api/documents.ts with the docs commands'
// view and checks.
import { createDocument, deleteDocument, getDocument, listDocuments, updateDocument } from '../../api/documents.js';
import type { CreateDocumentBody, EditAccess, UpdateDocumentBody } from '../../api/types.js';
import { verifyContainers } from '../../commands/docs/content.js';
import { asksForContent } from '../../commands/docs/list.js';
import { DOCUMENT_VIEW } from '../../commands/docs/views.js';
import { UsageError } from '../../errors.js';
import { parseUuid } from '../../validate.js';
import { defined, optionalFlag, optionalId, optionalText, optionalTitle, requireSome } from '../checks.js';
import { eachItem, fieldsFor, limitOf, listData, shaped } from '../records.js';
import type { Args, ToolContext, ToolData } from '../tool.js';

const UPDATABLE = ['title', 'content', 'is_internal', 'edit_access', 'allow_removing_attachments'];

/** Whether the body is wanted: include content, or `fields` naming it. */
function wantsContent(args: Args, fields: readonly string[] | undefined): boolean {
  return (args.include as string[] | undefined)?.includes('content') === true || asksForContent(fields);
}

/** A body the service would mangle (unbalanced ::: containers) is refused, as `docs create` refuses it. */
function checkedContent(args: Args): string | undefined {
  const text = optionalText(args, 'content');
  if (text !== undefined) verifyContainers({ text, source: 'content' }, true);
  return text;
}

export async function docsList(args: Args, ctx: ToolContext): Promise<ToolData> {
  const fields = fieldsFor(args, DOCUMENT_VIEW);
  const filters = {
    company_id: optionalId(args, 'company_id') ?? ctx.company,
    project_id: optionalId(args, 'project_id'),
    client_id: optionalId(args, 'client_id'),
    is_internal: optionalFlag(args, 'is_internal'),
    content: wantsContent(args, fields),
  };
  const client = await ctx.api();
  return listData(fields, (result) => listDocuments(client, filters, limitOf(args), result));
}

export async function docsGet(args: Args, ctx: ToolContext): Promise<ToolData> {
  const fields = fieldsFor(args, DOCUMENT_VIEW);
  const uuid = parseUuid(args.uuid as string, 'uuid');
  const doc = await getDocument(await ctx.api(), uuid, { content: wantsContent(args, fields) });
  return { data: shaped(doc, fields) };
}

export async function docsCreate(args: Args, ctx: ToolContext): Promise<ToolData> {
  const body: CreateDocumentBody = defined({
    title: optionalTitle(args)!,
    content: checkedContent(args),
    company_id: optionalId(args, 'company_id'),
    project_id: optionalId(args, 'project_id'),
    client_id: optionalId(args, 'client_id'),
    is_internal: optionalFlag(args, 'is_internal'),
  });
  // The service infers the company from a project or client; without either, the profile's default company.
  if (body.company_id === undefined && body.project_id === undefined && body.client_id === undefined) {
    if (ctx.company === undefined) throw new UsageError('give company_id, project_id or client_id: a document belongs to a company');
    body.company_id = ctx.company;
  }
  return { data: await createDocument(await ctx.api(), body) };
}

export async function docsUpdate(args: Args, ctx: ToolContext): Promise<ToolData> {
  const uuid = parseUuid(args.uuid as string, 'uuid');
  const body: UpdateDocumentBody = defined({
    title: optionalTitle(args),
    content: checkedContent(args),
    is_internal: optionalFlag(args, 'is_internal'),
    edit_access: args.edit_access as EditAccess | undefined,
    allow_removing_attachments: optionalFlag(args, 'allow_removing_attachments'),
  });
  requireSome(body, UPDATABLE);
  if (body.allow_removing_attachments !== undefined && body.content === undefined) throw new UsageError('allow_removing_attachments applies only with content');
  return { data: await updateDocument(await ctx.api(), uuid, body) };
}

export async function docsDelete(args: Args, ctx: ToolContext): Promise<ToolData> {
  const uuids = (args.uuids as string[]).map((uuid, i) => parseUuid(uuid, `uuids[${i}]`));
  const client = await ctx.api();
  return eachItem(client, uuids, async (uuid) => void (await deleteDocument(client, uuid)));
}
