// Documents: rich-text pages, addressed by uuid.
import { defineResource } from '../../resource.js';
import { documentRoutes } from './routes.js';
import { seedDocuments } from './seed.js';

export const documents = defineResource({
  collections: ['documents'],
  firstIds: { document: 81 },
  seed: seedDocuments,
  routes: documentRoutes,
});
