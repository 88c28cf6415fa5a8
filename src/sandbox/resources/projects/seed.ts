// Seeded projects and phases. demo: 31–34 (33 a template, 34 of company 2), phases 41–49;
// empty: project 31 with a client-facing phase 41 and an internal phase 43.
import { seedTimestamp as at } from '../../clock.js';
import type { SeedOptions } from '../../resource.js';
import type { SandboxData } from '../../state.js';
import type { PhaseRecord, ProjectRecord } from './records.js';

function project(id: number, title: string, clientId: number, extra: Partial<ProjectRecord> = {}): ProjectRecord {
  return {
    id,
    title,
    code: `P-${id}`,
    description: '',
    client_id: clientId,
    is_template: false,
    is_client: true,
    is_internal: false,
    client_project_type: 'process',
    internal_project_type: 'todos',
    created_at: at(id),
    updated_at: at(id),
    ...extra,
  };
}

function phase(
  id: number,
  projectId: number,
  title: string,
  isInternal: boolean,
  order: number,
  due: string | null = null,
): PhaseRecord {
  return {
    id,
    title,
    project_id: projectId,
    is_internal: isInternal,
    order,
    due_date: due,
    created_at: at(id),
    updated_at: at(id),
  };
}

function seedDemo(data: SandboxData): void {
  const projects = [
    project(31, 'Acme Website Redesign', 11, { description: 'Marketing site redesign for Acme Corp.' }),
    project(32, 'Blue Harbor Brand Refresh', 12, { client_project_type: 'kanban' }),
    project(33, 'Website Project Template', 11, {
      is_template: true,
      description: 'Starting point for website projects.',
    }),
    project(34, 'Initech Intranet', 21),
  ];
  for (const p of projects) data.projects[p.id] = p;
  data.next_ids.project = 35;

  const phases = [
    phase(41, 31, 'Discovery', false, 1, '2025-02-14'),
    phase(42, 31, 'Design', false, 2, '2025-03-31'),
    phase(43, 31, 'Internal QA', true, 3),
    phase(44, 32, 'Strategy', false, 1),
    phase(45, 32, 'Production', true, 2),
    phase(46, 33, 'Template: Discovery', false, 1),
    phase(47, 33, 'Template: Internal setup', true, 2),
    phase(48, 34, 'Planning', false, 1),
    phase(49, 34, 'Globex internal', true, 2),
  ];
  for (const p of phases) data.phases[p.id] = p;
  data.next_ids.phase = 50;
}

/** The empty seed's one project: a client-facing phase (41) and an internal one (43). */
function seedEmpty(data: SandboxData): void {
  data.projects[31] = project(31, 'Sandbox Project', 11);
  data.phases[41] = phase(41, 31, 'To do', false, 1);
  data.phases[43] = phase(43, 31, 'Internal', true, 2);
  data.next_ids.project = 32;
  data.next_ids.phase = 50;
}

export function seedProjects(data: SandboxData, { seed }: SeedOptions): void {
  if (seed === 'empty') seedEmpty(data);
  else seedDemo(data);
}
