import { createDocument } from '../../api/documents.js';
import type { CreateDocumentBody } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { escapeInline } from '../../io/sanitize.js';
import type { Ctx } from '../context.js';
import type { RunOf } from '../declare.js';
import { onlyCompany, onlyCompanySaid } from '../only-company.js';
import { verifyContainers } from './content.js';
import type { create } from './index.js';
import { DOCUMENT_VIEW } from './views.js';

export const run: RunOf<typeof create> = async (ctx, opts) => {
  ctx.output.checkFields(DOCUMENT_VIEW);
  const body: CreateDocumentBody = { title: opts.title };
  const { project, client: clientId } = opts;
  if (opts.content) {
    verifyContainers(opts.content, opts.verify);
    body.content = opts.content.text;
  }
  // The service infers the company from a project or client; only without either does it
  // need company_id, which then falls back to the profile's default company.
  let companyId = opts.company ?? (project === undefined && clientId === undefined ? ctx.settings.company : undefined);
  if (companyId === undefined && project === undefined && clientId === undefined) companyId = await askForCompany(ctx);
  if (companyId !== undefined) body.company_id = companyId;
  if (project !== undefined) body.project_id = project;
  if (clientId !== undefined) body.client_id = clientId;
  if (opts.audience !== undefined) body.is_internal = opts.audience;

  const client = await ctx.api();
  const where =
    project !== undefined
      ? ` --project ${project}`
      : clientId !== undefined
        ? ` --client ${clientId}`
        : ` --company ${companyId}`;
  const doc = await createDocument(client, body, `pwctl docs list${where}`);
  ctx.io.notice(`✓ created document ${escapeInline(doc.uuid)}`);
  await ctx.output.record(doc, DOCUMENT_VIEW);
};

/**
 * No company, project or client: on a terminal, the only company the token reaches is used,
 * or the person picks one; a script is told the flags.
 */
async function askForCompany(ctx: Ctx): Promise<number> {
  if (!ctx.ask)
    throw new UsageError(
      'a document belongs to a company: pass --project <id>, --client <id> or --company <id>, or set a default with `pwctl config set company <id>`',
    );
  const reached = await onlyCompany(ctx);
  if ('only' in reached) {
    ctx.io.notice(`for ${onlyCompanySaid(reached.only, '--company')}`);
    return reached.only.id;
  }
  if (reached.choices.length === 0)
    throw new UsageError(
      'a document belongs to a company, and your token reaches none that holds tasks or documents: pass --company <id>',
    );
  return Number(await ctx.ask.choose('Company of the new document (--company)', reached.choices));
}
