// Webhook delivery payloads (../shared/api-reference.md).
import type { Ref, Step, Tag, UserRef } from './records.js';

export interface ProjectPayload {
  id: number;
  title: string;
  code: string;
  description: string;
  is_client: boolean;
  is_internal: boolean;
  client_project_type: string;
  internal_project_type: string;
  created_at: string;
  updated_at: string;
  client: Ref;
  company: Ref;
}

/** A task as deliveries carry it: the REST record's fields (always with assignees, never a body), plus event extras. */
export type TaskPayload = Omit<Step, 'content' | 'tags' | 'assignees' | 'order'> & {
  assignees: UserRef[];
  /** task.completed */
  completed_at?: string;
  /** task.due_date_updated */
  previous_due_date?: string;
  due_date_updated_at?: string;
  /** task.tags_updated */
  tags?: Tag[];
  added_tags?: Tag[];
  removed_tags?: Tag[];
};

export interface PhasePayload {
  id: number;
  title: string;
  due_date: string;
  is_internal: boolean;
  order: number;
  created_at: string;
  updated_at: string;
  project: Ref;
  client: Ref;
  company: Ref;
}

export interface MilestonePayload {
  id: number;
  title: string;
  description: string | null;
  color: string | null;
  due_date: string;
  is_completed: boolean;
  milestoneable_type: string;
  milestoneable_id: number;
  project: Ref;
  client: Ref;
  company: Ref;
  created_at: string;
  updated_at: string;
}

export type WebhookPayload = ProjectPayload | TaskPayload | PhasePayload | MilestonePayload;
