// Milestones: /api/v1/milestones, marker dates on a project.
import type { ApiClient, QueryValue } from './client.js';
import { unwrapData } from './response-body.js';
import type { Limit, PaginateResult } from './pagination.js';
import type { CreateMilestoneBody, Milestone, UpdateMilestoneBody } from './types.js';

const MILESTONES_PATH = '/milestones';

export interface MilestoneFilters {
  company_id?: number;
  project_id?: number;
}

function milestonePath(id: number): string {
  return `${MILESTONES_PATH}/${id}`;
}

/** The query of GET /milestones (ordered by due date) for a set of filters. */
function milestoneListQuery(filters: MilestoneFilters): Record<string, QueryValue> {
  return { company_id: filters.company_id, project_id: filters.project_id };
}

/** Milestones ordered by due date, page by page. */
export function listMilestones(
  client: ApiClient,
  filters: MilestoneFilters,
  limit: Limit,
  result?: PaginateResult,
): AsyncGenerator<Milestone, PaginateResult> {
  return client.list<Milestone>(MILESTONES_PATH, milestoneListQuery(filters), limit, result);
}

export function getMilestone(client: ApiClient, id: number): Promise<Milestone> {
  return client.getData<Milestone>(milestonePath(id));
}

/** A create is not idempotent: `outcomeHint` tells the user how to check one whose answer was lost. */
export async function createMilestone(
  client: ApiClient,
  body: CreateMilestoneBody,
  outcomeHint?: string,
): Promise<Milestone> {
  const response = await client.request({ method: 'POST', path: MILESTONES_PATH, body, outcomeHint });
  return unwrapData<Milestone>(response, 'POST', MILESTONES_PATH);
}

export async function updateMilestone(client: ApiClient, id: number, body: UpdateMilestoneBody): Promise<Milestone> {
  const response = await client.request({ method: 'PUT', path: milestonePath(id), body });
  return unwrapData<Milestone>(response, 'PUT', milestonePath(id));
}

/** Irreversible; the service answers 204. */
export async function deleteMilestone(client: ApiClient, id: number): Promise<void> {
  await client.request({ method: 'DELETE', path: milestonePath(id), goneIsDone: true });
}
