// The sandbox's whole world as one plain, JSON-serialisable object. Records are keyed by id
// (documents by uuid) so lookups are O(1) and `JSON.stringify(state)` is the persisted form.
// Integer-like keys iterate in ascending order, which is the order lists use unless the
// reference asks for another.
import type { ApprovalStatus, EditAccess, TagColor, WebhookEvent } from '../api/types.js';

export type SeedName = 'demo' | 'empty';
export type Role = 'manager' | 'member' | 'client';
export type CompanyRole = 'manager' | 'member';

export interface CompanyRecord {
  id: number;
  title: string;
}

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  /** Agency companies the user is a team member of. Empty for client users. */
  memberships: { company_id: number; role: CompanyRole }[];
  /** The client a client user belongs to; null for team members. */
  client_id: number | null;
}

export interface ClientRecord {
  id: number;
  title: string;
  company_id: number;
}

export interface ProjectRecord {
  id: number;
  title: string;
  code: string;
  description: string;
  client_id: number;
  is_template: boolean;
  is_client: boolean;
  is_internal: boolean;
  /** Raw stored values (process, todos, kanban), as webhook payloads carry them. */
  client_project_type: string;
  internal_project_type: string;
  created_at: string;
  updated_at: string;
}

export interface PhaseRecord {
  id: number;
  title: string;
  project_id: number;
  is_internal: boolean;
  order: number;
  /** YYYY-MM-DD or null. */
  due_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface StepRecord {
  id: number;
  title: string;
  phase_id: number;
  content: string;
  completed: boolean;
  completed_at: string | null;
  published: boolean;
  is_approval: boolean;
  approval_status: ApprovalStatus | null;
  /** YYYY-MM-DD or null. */
  due_date: string | null;
  /** Position within the phase, 1-based; kept contiguous by reorder. */
  order: number;
  tag_ids: number[];
  assignee_ids: number[];
  created_at: string;
  updated_at: string;
}

export interface TagSetRecord {
  id: number;
  name: string;
  company_id: number;
  /** Tags of a retired set are shown on tasks but can never be added or removed. */
  retired: boolean;
}

export interface TagRecord {
  id: number;
  name: string;
  color: TagColor;
  tag_set_id: number;
  company_id: number;
}

export interface MilestoneRecord {
  id: number;
  title: string;
  description: string | null;
  color: string | null;
  /** YYYY-MM-DD. */
  due_date: string;
  project_id: number;
  is_completed: boolean;
  created_at: string;
  updated_at: string;
}

export interface DocumentRecord {
  id: number;
  uuid: string;
  title: string;
  content: string;
  is_internal: boolean;
  edit_access: EditAccess;
  author_id: number;
  company_id: number;
  project_id: number | null;
  client_id: number | null;
  created_at: string;
  updated_at: string;
}

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

export interface AccessTokenRecord {
  user_id: number;
  /** Epoch milliseconds; null = never expires (the seeded role tokens). */
  expires_at: number | null;
}

export interface RefreshTokenRecord {
  user_id: number;
  client_id: string;
}

export interface AuthState {
  role_tokens: Record<Role, string>;
  /** Every accepted bearer token, the role tokens included. */
  access_tokens: Record<string, AccessTokenRecord>;
  refresh_tokens: Record<string, RefreshTokenRecord>;
}

export interface NextIds {
  project: number;
  phase: number;
  step: number;
  tag: number;
  milestone: number;
  document: number;
  webhook: number;
}

/** Everything a seed produces; `reset` replaces exactly these keys. */
export interface SandboxData {
  seed: SeedName;
  companies: Record<number, CompanyRecord>;
  users: Record<number, UserRecord>;
  clients: Record<number, ClientRecord>;
  projects: Record<number, ProjectRecord>;
  phases: Record<number, PhaseRecord>;
  steps: Record<number, StepRecord>;
  tag_sets: Record<number, TagSetRecord>;
  tags: Record<number, TagRecord>;
  milestones: Record<number, MilestoneRecord>;
  documents: Record<string, DocumentRecord>;
  webhooks: Record<number, WebhookRecord>;
  next_ids: NextIds;
}

export interface SandboxState extends SandboxData {
  version: 1;
  auth: AuthState;
}

export const STATE_VERSION = 1;

export function takeId(state: SandboxData, kind: keyof NextIds): number {
  const id = state.next_ids[kind];
  state.next_ids[kind] = id + 1;
  return id;
}

/** Replace the data keys of `state` in place, so references to the live object stay valid. */
export function replaceData(state: SandboxState, data: SandboxData): void {
  Object.assign(state, data);
}
