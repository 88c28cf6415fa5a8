// Milestones: marker dates on a project.

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

declare module '../../state.js' {
  interface SandboxCollections {
    milestones: Record<number, MilestoneRecord>;
  }
  interface NextIds {
    milestone: number;
  }
}
