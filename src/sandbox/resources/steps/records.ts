// Tasks (the API's steps), each in one phase, ordered within it.
import type { ApprovalStatus } from '../../../api/types.js';

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

declare module '../../state.js' {
  interface SandboxCollections {
    steps: Record<number, StepRecord>;
  }
  interface NextIds {
    step: number;
  }
}
