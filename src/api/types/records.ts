// The records and envelopes of the Project Work Service API (../shared/api-reference.md).
// Field names and JSON types are exactly the reference's.

/** {id, title} reference embedded in many records. */
export interface Ref {
  id: number;
  title: string;
}

export interface UserRef {
  id: number;
  name: string;
}

/** The field names of the embedded records, for what --fields may name inside them. */
export const REF_FIELDS = ['id', 'title'] as const;
export const USER_REF_FIELDS = ['id', 'name'] as const;
export const PHASE_REF_FIELDS = ['id', 'title', 'is_internal'] as const;
export const TAG_FIELDS = ['id', 'name', 'color'] as const;

export type EditAccess = 'private' | 'team' | 'collaborative';
export const EDIT_ACCESS_VALUES: readonly EditAccess[] = ['private', 'team', 'collaborative'];

export interface Document {
  id: number;
  uuid: string;
  title: string;
  /** Only with include=content. */
  content?: string;
  excerpt: string;
  is_internal: boolean;
  edit_access: EditAccess;
  author: UserRef;
  project: Ref | null;
  client: Ref | null;
  company: Ref;
  created_at: string;
  updated_at: string;
}

export interface PhaseRef extends Ref {
  is_internal: boolean;
}

export type ApprovalStatus = 'approved' | 'not_approved';
export const APPROVAL_STATUSES: readonly ApprovalStatus[] = ['approved', 'not_approved'];

/** Parts `include` adds to a task (content, tags). */
export type StepInclude = 'content' | 'tags';
export const STEP_INCLUDES: readonly StepInclude[] = ['content', 'tags'];

export interface Step {
  id: number;
  title: string;
  completed: boolean;
  published: boolean;
  is_approval: boolean;
  approval_status: ApprovalStatus | null;
  /** ISO 8601 timestamp, or "" when the task has no due date. */
  due_date: string;
  created_at: string;
  updated_at: string;
  /** Only with include=content. */
  content?: string;
  /** Only with include=tags. */
  tags?: Tag[];
  phase: PhaseRef;
  project: Ref;
  client: Ref;
  company: Ref;
  /** List responses only. */
  assignees?: UserRef[];
  /** Present on the reorder response ("including its new order"). */
  order?: number;
}

export const TAG_COLORS = ['mandarin', 'coral', 'pink', 'orchid', 'mint', 'aqua', 'mustard', 'steel'] as const;
export type TagColor = (typeof TAG_COLORS)[number];

export interface Tag {
  id: number;
  name: string;
  color: TagColor;
}

/** Response of every task-tags endpoint (GET, POST, PUT, DELETE). */
export interface TagChange {
  data: Tag[];
  added: Tag[];
  removed: Tag[];
  created: Tag[];
}

export interface Milestone {
  id: number;
  title: string;
  description: string | null;
  color: string | null;
  due_date: string;
  project_id: number;
  project: Ref;
  client: Ref;
  company: Ref;
  created_at: string;
  updated_at: string;
}

export const WEBHOOK_EVENTS = [
  'project.created',
  'task.created',
  'task.completed',
  'task.due_date_updated',
  'task.tags_updated',
  'phase.updated',
  'milestone.created',
  'milestone.updated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface WebhookSubscription {
  id: number;
  url: string;
  event: WebhookEvent;
  company_id: number;
  active: boolean;
  /** Only in the create response. */
  secret?: string;
  /** In list and single-get responses. */
  company?: Ref;
  created_at: string;
  updated_at: string;
}

/** Callout colours the rich-content format names; a hex value is also accepted. */
export const CALLOUT_COLORS = [
  'mandarin',
  'coral',
  'pink',
  'orchid',
  'mint',
  'aqua',
  'mustard',
  'blue',
  'steel',
] as const;

// ---- Envelopes -------------------------------------------------------------------------

export interface Single<T> {
  data: T;
}

export interface PageLinks {
  first: string | null;
  last: string | null;
  prev: string | null;
  next: string | null;
}

export interface PageMeta {
  current_page: number;
  current_page_url: string;
  from: number | null;
  path: string;
  per_page: number;
  to: number | null;
}

export interface Page<T> {
  data: T[];
  links: PageLinks;
  meta: PageMeta;
}

/** The webhook list's own envelope. */
export interface WebhookPage {
  data: WebhookSubscription[];
  next_page_url: string | null;
  prev_page_url: string | null;
}

export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}

export const MAX_PER_PAGE = 1000;
export const MAX_TAG_REFERENCES = 100;
export const MAX_MILESTONE_TITLE = 255;
export const EXCERPT_LENGTH = 200;
