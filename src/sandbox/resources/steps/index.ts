// Tasks (the API's steps) and the endpoints that change a task's tags.
import { defineResource } from '../../resource.js';
import { stepRoutes } from './routes.js';
import { seedSteps } from './seed.js';
import { tagRoutes } from './tag-routes.js';

export const steps = defineResource({
  collections: ['steps'],
  firstIds: { step: 101 },
  seed: seedSteps,
  routes: [...stepRoutes, ...tagRoutes],
});
