// Documents: rich-text pages of a company, optionally of a project or client. Keyed by uuid.
import type { EditAccess } from '../../../api/types.js';

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

declare module '../../state.js' {
  interface SandboxCollections {
    documents: Record<string, DocumentRecord>;
  }
  interface NextIds {
    document: number;
  }
}
