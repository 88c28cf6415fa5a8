// The seeded subscription (demo only): 91 belongs to company 2, so no seeded user can see it.
import { seedTimestamp as at } from '../../clock.js';
import type { SeedOptions } from '../../resource.js';
import type { SandboxData } from '../../state.js';
import type { WebhookRecord } from './records.js';

export function seedWebhooks(data: SandboxData, { seed }: SeedOptions): void {
  if (seed !== 'demo') return;
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
}
