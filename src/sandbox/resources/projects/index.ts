// Projects and phases: the records every other resource hangs from.
import { defineResource } from '../../resource.js';
import { projectRoutes } from './routes.js';
import { seedProjects } from './seed.js';

export const projects = defineResource({
  collections: ['projects', 'phases'],
  firstIds: { project: 31, phase: 41 },
  seed: seedProjects,
  routes: projectRoutes,
});
