// GET /api/v1/projects/{id}: lets webhook consumers tell live work from templates (404).
import { notFound } from '../../http-error.js';
import { defineRoute, idParam, ok, type ApiContext, type ApiRoute } from '../../routing.js';
import { canSeeProject } from './access.js';
import { projectPayload } from './present.js';

function getProject(ctx: ApiContext) {
  const project = ctx.state.projects[idParam(ctx)];
  if (!project || project.is_template || !canSeeProject(ctx.state, ctx.user, project)) {
    throw notFound('Project not found.');
  }
  return ok({ data: projectPayload(ctx.state, project, true) });
}

export const projectRoutes: ApiRoute[] = [defineRoute('GET', '/api/v1/projects/:id', getProject)];
