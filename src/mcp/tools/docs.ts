// Documents: what tools/list shows (run functions in docs-run.ts, loaded at the first call).
import { EDIT_ACCESS_VALUES } from '../../api/types.js';
import { FIELDS, FLAG, ID, LIMIT, object, oneOf, TEXT, UUID } from '../schema.js';
import type { Tool } from '../tool.js';

const INCLUDE = { type: 'array', items: oneOf(['content']) };

export const DOC_TOOLS: Tool[] = [
  {
    name: 'docs_list',
    description: 'List documents, most recently updated first.',
    inputSchema: object({ company_id: ID, project_id: ID, client_id: ID, is_internal: FLAG, include: INCLUDE, limit: LIMIT, fields: FIELDS }),
    writes: false,
    run: async (args, ctx) => (await import('./docs-run.js')).docsList(args, ctx),
  },
  {
    name: 'docs_get',
    description: 'Get a document.',
    inputSchema: object({ uuid: UUID, include: INCLUDE, fields: FIELDS }, ['uuid']),
    writes: false,
    run: async (args, ctx) => (await import('./docs-run.js')).docsGet(args, ctx),
  },
  {
    name: 'docs_create',
    description: 'Create a document (content is Markdown); needs company_id, project_id or client_id.',
    inputSchema: object({ title: TEXT, content: TEXT, company_id: ID, project_id: ID, client_id: ID, is_internal: FLAG }, ['title']),
    writes: true,
    run: async (args, ctx) => (await import('./docs-run.js')).docsCreate(args, ctx),
  },
  {
    name: 'docs_update',
    description: 'Change a document; content replaces the whole body.',
    inputSchema: object(
      { uuid: UUID, title: TEXT, content: TEXT, is_internal: FLAG, edit_access: oneOf(EDIT_ACCESS_VALUES), allow_removing_attachments: FLAG },
      ['uuid'],
    ),
    writes: true,
    run: async (args, ctx) => (await import('./docs-run.js')).docsUpdate(args, ctx),
  },
  {
    name: 'docs_delete',
    description: 'Delete documents and their attachments.',
    inputSchema: object({ uuids: { type: 'array', items: UUID, minItems: 1 } }, ['uuids']),
    writes: true,
    run: async (args, ctx) => (await import('./docs-run.js')).docsDelete(args, ctx),
  },
];
