// Deterministic seed data. Ids are fixed and grouped by kind so tests can name them
// (see README.md in this folder for the table); timestamps are fixed too.
import { TAG_COLORS, type ApprovalStatus, type EditAccess, type TagColor } from '../api/types.js';
import { seedTimestamp } from './clock.js';
import type {
  DocumentRecord,
  MilestoneRecord,
  PhaseRecord,
  ProjectRecord,
  SandboxData,
  SeedName,
  StepRecord,
  TagRecord,
  WebhookRecord,
} from './state.js';

const BASE = '2025-01-06T09:00:00Z';
const at = (minutes: number): string => seedTimestamp(BASE, minutes);

/** Demo document uuids: fixed, v4-shaped, ending in the document id. */
export function seedDocumentUuid(id: number): string {
  return `5eed0000-0000-4000-8000-${String(id).padStart(12, '0')}`;
}

function base(seed: SeedName): SandboxData {
  return {
    seed,
    companies: {
      1: { id: 1, title: 'Northwind Studio' },
      2: { id: 2, title: 'Globex Creative' },
    },
    users: {
      1: {
        id: 1,
        name: 'Maya Patel',
        email: 'maya@northwind.example',
        memberships: [{ company_id: 1, role: 'manager' }],
        client_id: null,
      },
      2: {
        id: 2,
        name: 'Sam Rivera',
        email: 'sam@northwind.example',
        memberships: [{ company_id: 1, role: 'member' }],
        client_id: null,
      },
      3: { id: 3, name: 'Chloe Chen', email: 'chloe@acme.example', memberships: [], client_id: 11 },
      4: {
        id: 4,
        name: 'Olga Novak',
        email: 'olga@globex.example',
        memberships: [{ company_id: 2, role: 'manager' }],
        client_id: null,
      },
    },
    clients: {
      11: { id: 11, title: 'Acme Corp', company_id: 1 },
      12: { id: 12, title: 'Blue Harbor', company_id: 1 },
      21: { id: 21, title: 'Initech', company_id: 2 },
    },
    projects: {},
    phases: {},
    steps: {},
    tag_sets: {},
    tags: {},
    milestones: {},
    documents: {},
    webhooks: {},
    next_ids: { project: 31, phase: 41, step: 101, tag: 61, milestone: 71, document: 81, webhook: 91 },
  };
}

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

interface StepSeed {
  title: string;
  completed?: boolean;
  published?: boolean;
  approval?: ApprovalStatus | 'open';
  due?: string;
  tags?: number[];
  assignees?: number[];
  content?: string;
}

const WIREFRAME_BODY = `Wireframes for the home, product and contact pages.

:::callout{emoji="💡" color="mint"}
Keep the navigation to **five** items at most.
:::

[[attachment:wireframes-v1.pdf]]

- Home
- Product
- Contact`;

const DEMO_STEPS: Record<number, StepSeed[]> = {
  41: [
    { title: 'Kickoff call with Acme', completed: true, due: '2025-01-10', assignees: [1] },
    { title: 'Collect brand assets', completed: true, assignees: [2] },
    { title: 'Stakeholder interviews', due: '2025-02-03', assignees: [2], tags: [62] },
    { title: 'Approve project brief', approval: 'approved', completed: true, due: '2025-01-20', assignees: [3] },
    { title: 'Sitemap draft', published: false, tags: [64] },
    { title: 'Competitor review', content: 'Review the three main competitors.' },
  ],
  42: [
    { title: 'Moodboard', due: '2025-03-03', tags: [62, 61] },
    { title: 'Approve homepage design', approval: 'open', due: '2025-03-10', assignees: [3] },
    { title: 'Wireframes for key pages', assignees: [2], content: WIREFRAME_BODY },
    { title: 'Design system tokens', published: false },
    { title: 'Approve style guide', approval: 'not_approved', completed: true },
    { title: 'Homepage copy', tags: [64, 66] },
  ],
  43: [
    { title: 'Set up staging server', completed: true, tags: [63], assignees: [1] },
    { title: 'Accessibility audit', due: '2025-04-01' },
    { title: 'Cross-browser testing', tags: [63, 67] },
    { title: 'Performance budget' },
    { title: 'Internal review of launch checklist', approval: 'open' },
  ],
  44: [
    { title: 'Brand workshop', completed: true },
    { title: 'Positioning statement', due: '2025-02-20' },
    { title: 'Approve positioning', approval: 'open' },
    { title: 'Audience personas', published: false },
    { title: 'Naming exploration', tags: [65] },
  ],
  45: [
    { title: 'Logo refinements', assignees: [2] },
    { title: 'Export asset library' },
    { title: 'Print vendor quotes', due: '2025-03-15' },
    { title: 'Budget reconciliation', completed: true },
  ],
  46: [{ title: 'Template: Kickoff call' }, { title: 'Template: Approve brief', approval: 'open' }],
  47: [{ title: 'Template: Create repository' }, { title: 'Template: Configure analytics' }],
  48: [
    { title: 'Initech requirements', assignees: [4] },
    { title: 'Initech estimate', due: '2025-02-28' },
    { title: 'Approve Initech estimate', approval: 'open' },
  ],
  49: [{ title: 'Globex staffing plan', tags: [69] }],
};

function addSteps(data: SandboxData, phaseId: number, seeds: StepSeed[], minuteBase: number): void {
  seeds.forEach((s, i) => {
    const id = data.next_ids.step++;
    const completed = s.completed ?? false;
    const step: StepRecord = {
      id,
      title: s.title,
      phase_id: phaseId,
      content: s.content ?? '',
      completed,
      completed_at: completed ? at(minuteBase + i + 600) : null,
      published: s.published ?? true,
      is_approval: s.approval !== undefined,
      approval_status: s.approval && s.approval !== 'open' ? s.approval : null,
      due_date: s.due ?? null,
      order: i + 1,
      tag_ids: s.tags ?? [],
      assignee_ids: s.assignees ?? [],
      created_at: at(minuteBase + i),
      updated_at: at(minuteBase + i + (completed ? 600 : 0)),
    };
    data.steps[id] = step;
  });
}

function tag(id: number, name: string, color: TagColor, setId: number, companyId: number): TagRecord {
  return { id, name, color, tag_set_id: setId, company_id: companyId };
}

function milestone(
  id: number,
  projectId: number,
  title: string,
  due: string,
  color: string | null,
  description: string | null = null,
): MilestoneRecord {
  return {
    id,
    title,
    description,
    color,
    due_date: due,
    project_id: projectId,
    is_completed: false,
    created_at: at(id),
    updated_at: at(id),
  };
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

function demo(): SandboxData {
  const data = base('demo');
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

  data.tag_sets = {
    51: { id: 51, name: 'Workflow', company_id: 1, retired: false },
    52: { id: 52, name: 'Legacy (2023)', company_id: 1, retired: true },
    53: { id: 53, name: 'Globex', company_id: 2, retired: false },
  };
  const tags = [
    tag(61, 'urgent', 'mandarin', 51, 1),
    tag(62, 'design', 'orchid', 51, 1),
    tag(63, 'backend', 'steel', 51, 1),
    tag(64, 'copy', 'mint', 51, 1),
    tag(65, '2024', 'aqua', 51, 1),
    tag(66, 'legacy-review', 'coral', 52, 1),
    tag(67, 'legacy-qa', 'mustard', 52, 1),
    tag(68, 'blocked', 'pink', 51, 1),
    tag(69, 'globex-only', 'steel', 53, 2),
    tag(70, 'urgent', 'coral', 53, 2),
  ];
  for (const t of tags) data.tags[t.id] = t;
  data.next_ids.tag = 71;

  let minute = 100;
  for (const [phaseId, seeds] of Object.entries(DEMO_STEPS)) {
    addSteps(data, Number(phaseId), seeds, minute);
    minute += 20;
  }

  const milestones = [
    milestone(71, 31, 'Design sign-off', '2025-03-14', '#7C3AED', 'Client signs off the homepage and style guide.'),
    milestone(72, 31, 'Launch', '2025-05-01', '#16A34A'),
    milestone(73, 32, 'Brand reveal', '2025-04-10', null),
    milestone(74, 33, 'Template: Launch', '2025-06-01', null),
    milestone(75, 34, 'Initech go-live', '2025-03-20', '#DC2626'),
  ];
  for (const m of milestones) data.milestones[m.id] = m;
  data.next_ids.milestone = 76;

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

  const otherCompanyHook: WebhookRecord = {
    id: 91,
    url: 'https://hooks.globex.example/pw',
    event: 'task.created',
    company_id: 2,
    active: true,
    secret: 'globex-seed-secret-not-for-you',
    created_at: at(91),
    updated_at: at(91),
  };
  data.webhooks[91] = otherCompanyHook;
  data.next_ids.webhook = 92;
  return data;
}

/** A bare agency: the same companies, users and clients, one project with one client-facing
 * phase (41) and one internal phase (43), and nothing else. */
function empty(): SandboxData {
  const data = base('empty');
  data.projects[31] = project(31, 'Sandbox Project', 11);
  data.phases[41] = phase(41, 31, 'To do', false, 1);
  data.phases[43] = phase(43, 31, 'Internal', true, 2);
  data.next_ids.project = 32;
  data.next_ids.phase = 50;
  return data;
}

/** Open, published tasks spread over the seed's live company-1 phases, for benchmarks. */
function addExtraSteps(data: SandboxData, count: number): void {
  const phaseIds = Object.values(data.phases)
    .filter(
      (p) =>
        data.projects[p.project_id]?.is_template === false &&
        data.clients[data.projects[p.project_id]?.client_id ?? -1]?.company_id === 1,
    )
    .map((p) => p.id);
  if (phaseIds.length === 0 || count <= 0) return;
  const nextOrder = new Map<number, number>();
  for (const s of Object.values(data.steps))
    nextOrder.set(s.phase_id, Math.max(nextOrder.get(s.phase_id) ?? 0, s.order));
  const created = at(5000);
  for (let i = 0; i < count; i++) {
    const phaseId = phaseIds[i % phaseIds.length] as number;
    const order = (nextOrder.get(phaseId) ?? 0) + 1;
    nextOrder.set(phaseId, order);
    const id = data.next_ids.step++;
    data.steps[id] = {
      id,
      title: `Bulk task ${i + 1}`,
      phase_id: phaseId,
      content: '',
      completed: false,
      completed_at: null,
      published: true,
      is_approval: false,
      approval_status: null,
      due_date: i % 3 === 0 ? '2025-06-30' : null,
      order,
      tag_ids: [],
      assignee_ids: [],
      created_at: created,
      updated_at: created,
    };
  }
}

export function seedData(seed: SeedName, extraSteps = 0): SandboxData {
  const data = seed === 'empty' ? empty() : demo();
  addExtraSteps(data, extraSteps);
  return data;
}

/** Colour for a tag created by name: deterministic, cycling through the palette by id. */
export function colorForNewTag(id: number): TagColor {
  return TAG_COLORS[id % TAG_COLORS.length] as TagColor;
}
