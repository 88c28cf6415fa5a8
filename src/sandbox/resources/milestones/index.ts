// Milestones: marker dates on a project.
import { defineResource } from '../../resource.js';
import { milestoneRoutes } from './routes.js';
import { seedMilestones } from './seed.js';

export const milestones = defineResource({
  collections: ['milestones'],
  firstIds: { milestone: 71 },
  seed: seedMilestones,
  routes: milestoneRoutes,
});
