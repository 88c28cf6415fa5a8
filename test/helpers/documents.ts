// A document as the service answers one (API reference, Document), for unit tests of what is
// built from documents: files, plans, diffs. Override what a test is about.
import type { Document } from '../../src/api/types.js';

export function documentRecord(overrides: Partial<Document> = {}): Document {
  return {
    id: 81,
    uuid: '5eed0000-0000-4000-8000-000000000081',
    title: 'Brief',
    content: '',
    excerpt: '',
    is_internal: false,
    edit_access: 'team',
    author: { id: 1, name: 'Maya' },
    project: { id: 31, title: 'P' },
    client: null,
    company: { id: 1, title: 'C' },
    created_at: '2025-01-01T00:00:00.000000Z',
    updated_at: '2025-01-07T00:00:00.000001Z',
    ...overrides,
  };
}
