// Request bodies of the Project Work Service API (../shared/api-reference.md), named after the
// reference's body tables.
import type { ApprovalStatus, EditAccess, WebhookEvent } from './records.js';

export interface CreateDocumentBody {
  title: string;
  content?: string;
  company_id?: number;
  project_id?: number;
  client_id?: number;
  is_internal?: boolean;
}

export interface UpdateDocumentBody {
  title?: string;
  content?: string;
  is_internal?: boolean;
  edit_access?: EditAccess;
  allow_removing_attachments?: boolean;
}

export interface CreateStepBody {
  title: string;
  phase_id: number;
  content?: string;
  due_date?: string;
  completed?: boolean;
  published?: boolean;
  is_approval?: boolean;
}

export interface UpdateStepBody {
  title?: string;
  content?: string;
  completed?: boolean;
  published?: boolean;
  is_approval?: boolean;
  approval_status?: ApprovalStatus;
  due_date?: string | null;
  phase_id?: number;
  allow_removing_attachments?: boolean;
}

export type ReorderStepBody = { position: 'first' | 'last' } | { after_step_id: number };

/** A tag reference: a JSON number is an id, a JSON string is a name. */
export type TagReference = number | string;

export interface TagsBody {
  tags: TagReference[];
  create_missing?: boolean;
}

export interface CreateMilestoneBody {
  title: string;
  due_date: string;
  project_id: number;
  description?: string;
  color?: string;
}

export interface UpdateMilestoneBody {
  title?: string;
  due_date?: string;
  /** null clears it. */
  description?: string | null;
  /** null clears it. */
  color?: string | null;
}

export interface CreateWebhookBody {
  url: string;
  event: WebhookEvent;
  company_id: number;
}

export interface UpdateWebhookBody {
  url?: string;
  active?: boolean;
}
