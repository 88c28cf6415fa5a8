// Seeded tag sets and tags (demo only): company 1's Workflow set 51 (61–65, 68) and retired
// set 52 (66, 67); company 2's set 53 (69, and 70 named like 61).
import type { TagColor } from '../../../api/types.js';
import type { SeedOptions } from '../../resource.js';
import type { SandboxData } from '../../state.js';
import type { TagRecord } from './records.js';

function tag(id: number, name: string, color: TagColor, setId: number, companyId: number): TagRecord {
  return { id, name, color, tag_set_id: setId, company_id: companyId };
}

export function seedTags(data: SandboxData, { seed }: SeedOptions): void {
  if (seed !== 'demo') return;
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
}
