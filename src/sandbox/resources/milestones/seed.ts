// Seeded milestones (demo only): 71, 72 on project 31, 73 on 32, 74 on the template, 75 of company 2.
import { seedTimestamp as at } from '../../clock.js';
import type { SeedOptions } from '../../resource.js';
import type { SandboxData } from '../../state.js';
import type { MilestoneRecord } from './records.js';

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

export function seedMilestones(data: SandboxData, { seed }: SeedOptions): void {
  if (seed !== 'demo') return;
  const milestones = [
    milestone(71, 31, 'Design sign-off', '2025-03-14', '#7C3AED', 'Client signs off the homepage and style guide.'),
    milestone(72, 31, 'Launch', '2025-05-01', '#16A34A'),
    milestone(73, 32, 'Brand reveal', '2025-04-10', null),
    milestone(74, 33, 'Template: Launch', '2025-06-01', null),
    milestone(75, 34, 'Initech go-live', '2025-03-20', '#DC2626'),
  ];
  for (const m of milestones) data.milestones[m.id] = m;
  data.next_ids.milestone = 76;
}
