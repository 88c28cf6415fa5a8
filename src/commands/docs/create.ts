import { createDocument } from '../../api/documents.js';
import type { CreateDocumentBody } from '../../api/types.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { escapeInline } from '../../output/sanitize.js';
import { parseId, requireNonEmpty } from '../../validate.js';
import { readContentFlags, type ContentFlags } from '../content-input.js';
import { audienceFromFlags, verifyContainers } from './content.js';
import { DOCUMENT_VIEW } from './views.js';

export interface CreateDocOptions extends ContentFlags {
  title?: string;
  company?: string;
  project?: string;
  client?: string;
  internal?: boolean;
  clientVisible?: boolean;
  /** false with --no-verify. */
  verify?: boolean;
}

export async function run(ctx: Factory, opts: CreateDocOptions): Promise<void> {
  ctx.output.checkFields(DOCUMENT_VIEW);
  if (opts.title === undefined) throw new UsageError('--title <t> is required, e.g. --title "Project brief"');
  const body: CreateDocumentBody = { title: requireNonEmpty(opts.title, '--title') };
  const isInternal = audienceFromFlags(opts);
  const project = opts.project === undefined ? undefined : parseId(opts.project, '--project');
  const clientId = opts.client === undefined ? undefined : parseId(opts.client, '--client');
  const company = opts.company === undefined ? undefined : parseId(opts.company, '--company');
  const content = await readContentFlags(ctx, opts);
  if (content) {
    verifyContainers(content, opts.verify !== false);
    body.content = content.text;
  }
  // The service infers the company from a project or client; only without either does it
  // need company_id, which then falls back to the profile's default company.
  const companyId = company ?? (project === undefined && clientId === undefined ? ctx.settings.company : undefined);
  if (companyId === undefined && project === undefined && clientId === undefined) {
    throw new UsageError('a document belongs to a company: pass --project <id>, --client <id> or --company <id>, or set a default with `pwctl config set company <id>`');
  }
  if (companyId !== undefined) body.company_id = companyId;
  if (project !== undefined) body.project_id = project;
  if (clientId !== undefined) body.client_id = clientId;
  if (isInternal !== undefined) body.is_internal = isInternal;

  const client = await ctx.api();
  const where = project !== undefined ? ` --project ${project}` : clientId !== undefined ? ` --client ${clientId}` : ` --company ${companyId}`;
  const doc = await createDocument(client, body, `pwctl docs list${where}`);
  if (!doc) return;
  ctx.io.notice(`✓ created document ${escapeInline(doc.uuid)}`);
  await ctx.output.record(doc, DOCUMENT_VIEW);
}
