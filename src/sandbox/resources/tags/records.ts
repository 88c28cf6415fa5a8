// Tags, each in a company's tag set; a task names its tags by id (StepRecord.tag_ids).
import type { TagColor } from '../../../api/types.js';

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

declare module '../../state.js' {
  interface SandboxCollections {
    tag_sets: Record<number, TagSetRecord>;
    tags: Record<number, TagRecord>;
  }
  interface NextIds {
    tag: number;
  }
}
