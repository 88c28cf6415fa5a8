// Tags and tag sets. They have no endpoints of their own: a task's tags are changed under
// /api/v1/steps/{id}/tags (steps/tag-routes.ts), with the rules in resolve.ts.
import { defineResource } from '../../resource.js';
import { seedTags } from './seed.js';

export const tags = defineResource({
  collections: ['tag_sets', 'tags'],
  firstIds: { tag: 61 },
  seed: seedTags,
  routes: [],
});
