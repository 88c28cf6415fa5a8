// Seeded tasks: 101–134 in phase order (see README.md for the notable ones), and any number
// of extra open tasks for benchmarks.
import type { ApprovalStatus } from '../../../api/types.js';
import { seedTimestamp as at } from '../../clock.js';
import type { SeedOptions } from '../../resource.js';
import type { SandboxData } from '../../state.js';
import type { StepRecord } from './records.js';

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

export function seedSteps(data: SandboxData, { seed, extraSteps }: SeedOptions): void {
  if (seed === 'demo') {
    let minute = 100;
    for (const [phaseId, seeds] of Object.entries(DEMO_STEPS)) {
      addSteps(data, Number(phaseId), seeds, minute);
      minute += 20;
    }
  }
  addExtraSteps(data, extraSteps);
}
