// Projects and their phases: every task, milestone and project-bound document hangs from one.

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

declare module '../../state.js' {
  interface SandboxCollections {
    projects: Record<number, ProjectRecord>;
    phases: Record<number, PhaseRecord>;
  }
  interface NextIds {
    project: number;
    phase: number;
  }
}
