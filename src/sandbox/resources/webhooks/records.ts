// Webhook subscriptions of a company; deliveries.ts sends to the active ones.
import type { WebhookEvent } from '../../../api/types.js';

export interface WebhookRecord {
  id: number;
  url: string;
  event: WebhookEvent;
  company_id: number;
  active: boolean;
  secret: string;
  created_at: string;
  updated_at: string;
}

declare module '../../state.js' {
  interface SandboxCollections {
    webhooks: Record<number, WebhookRecord>;
  }
  interface NextIds {
    webhook: number;
  }
}
