// Seeded documents (demo only): 81–85 and 87 of company 1, 86 of company 2; README.md says
// which are client-visible. Their uuids are fixed and end in the id.
import type { EditAccess } from '../../../api/types.js';
import { seedTimestamp as at } from '../../clock.js';
import type { SeedOptions } from '../../resource.js';
import type { SandboxData } from '../../state.js';
import type { DocumentRecord } from './records.js';

/** Demo document uuids: fixed, v4-shaped, ending in the document id. */
export function seedDocumentUuid(id: number): string {
  return `5eed0000-0000-4000-8000-${String(id).padStart(12, '0')}`;
}

function doc(
  id: number,
  title: string,
  content: string,
  where: { company: number; project?: number; client?: number },
  isInternal: boolean,
  editAccess: EditAccess,
  updatedMinutes: number,
  authorId = 1,
): DocumentRecord {
  const uuid = seedDocumentUuid(id);
  return {
    id,
    uuid,
    title,
    content,
    is_internal: isInternal,
    edit_access: editAccess,
    author_id: authorId,
    company_id: where.company,
    project_id: where.project ?? null,
    client_id: where.client ?? null,
    created_at: at(id),
    updated_at: at(updatedMinutes),
  };
}

const BRIEF_BODY = `# Project brief

Acme wants a faster, friendlier website that turns visitors into leads.

:::callout{emoji="🎯" color="coral"}
**Goal:** double demo requests within six months of launch.
:::

::::toggle{summary="Scope details"}
The redesign covers the marketing site only.

:::callout{emoji="⚠️" color="mustard"}
The customer portal is out of scope.
:::
::::

[[attachment:brief.pdf]]

## Timeline

1. Discovery in January
2. Design in February and March
3. Launch in May`;

const HANDBOOK_BODY = `# Agency handbook

How we work at Northwind Studio.

[[embed:Project brief]]

## Requests

[[form:Request type]]

Ask in the team channel before changing a client's scope.`;

export function seedDocuments(data: SandboxData, { seed }: SeedOptions): void {
  if (seed !== 'demo') return;
  const docs = [
    doc(81, 'Project brief', BRIEF_BODY, { company: 1, project: 31, client: 11 }, false, 'team', 900),
    doc(
      82,
      'Internal estimate notes',
      'Estimate: 42 days.\n\nMargin target 35%.',
      { company: 1, project: 31, client: 11 },
      true,
      'team',
      880,
    ),
    doc(
      83,
      'Acme meeting notes 2025-01-10',
      'Attendees: Maya, Chloe.\n\n- Agreed on the timeline\n- Chloe sends brand assets',
      { company: 1, client: 11 },
      false,
      'collaborative',
      870,
      2,
    ),
    doc(84, 'Agency handbook', HANDBOOK_BODY, { company: 1 }, true, 'private', 860),
    doc(
      85,
      'Blue Harbor creative brief',
      'A calmer, more coastal identity.',
      { company: 1, project: 32, client: 12 },
      false,
      'team',
      850,
    ),
    doc(86, 'Globex strategy', 'Globex internal strategy.', { company: 2 }, true, 'team', 840, 4),
    doc(87, 'Untitled draft', '', { company: 1, project: 31, client: 11 }, true, 'team', 830, 2),
  ];
  for (const d of docs) data.documents[d.uuid] = d;
  data.next_ids.document = 88;
}
