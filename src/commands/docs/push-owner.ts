// Who owns the document a new file of `docs push` creates: the file's company_id, project_id
// or client_id; else the profile's default company (`config set company`); else the only
// company the token reaches (../only-company.ts, as `docs create` has it). When the token
// reaches none or several, only the files that name no owner fail; the others are pushed.
import type { CreateDocumentBody } from '../../api/types.js';
import type { Ctx } from '../context.js';
import { onlyCompany, onlyCompanySaid } from '../only-company.js';
import type { DocFile } from './doc-file.js';
import type { PushPlan } from './push-plan.js';

/** The create body of a new file; without company_id, project_id and client_id when nothing names an owner. */
export function createBody(ctx: Ctx, file: DocFile): CreateDocumentBody {
  const body: CreateDocumentBody = { title: file.title };
  if (file.body.trim() !== '') body.content = file.body;
  if (typeof file.project_id === 'number') body.project_id = file.project_id;
  if (typeof file.client_id === 'number') body.client_id = file.client_id;
  const company =
    typeof file.company_id === 'number'
      ? file.company_id
      : body.project_id === undefined && body.client_id === undefined
        ? ctx.settings.company
        : undefined;
  if (company !== undefined) body.company_id = company;
  if (file.is_internal !== undefined) body.is_internal = file.is_internal;
  return body;
}

function hasOwner(body: CreateDocumentBody): boolean {
  return body.company_id !== undefined || body.project_id !== undefined || body.client_id !== undefined;
}

/** A file to create, its body, and what happens to it. */
export interface NewFile {
  name: string;
  body: CreateDocumentBody;
  plan: PushPlan;
}

/**
 * Files whose create names no owner get the only company the token reaches (said once), or,
 * when there is not exactly one, a plan that refuses them with what to add to the file.
 */
export async function placeOwnerless(ctx: Ctx, files: readonly NewFile[]): Promise<void> {
  const ownerless = files.filter((f) => f.plan.kind === 'create' && !hasOwner(f.body));
  if (ownerless.length === 0) return;
  const reached = await onlyCompany(ctx);
  if ('only' in reached) {
    for (const file of ownerless) file.body.company_id = reached.only.id;
    const names = ownerless.length === 1 ? `${ownerless[0]!.name} names` : `${ownerless.length} new files name`;
    ctx.io.notice(`${names} no company, project or client: for ${onlyCompanySaid(reached.only, 'company_id:')}`);
    return;
  }
  const { choices } = reached;
  const among =
    choices.length === 0
      ? 'your token reaches no company that holds tasks or documents'
      : `your token reaches ${choices.length} companies (${choices.map((c) => c.label).join(', ')})`;
  for (const file of ownerless)
    file.plan = {
      kind: 'refuse',
      reason: `a new document belongs to a company, and ${among}: add company_id: <id> (or project_id, client_id) to its front matter, or set a default with \`pwctl config set company <id>\`; nothing was sent`,
    };
}
