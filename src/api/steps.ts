// Tasks (the API calls them steps): GET/POST/PUT/DELETE /steps and POST /steps/{id}/reorder.
// The resource modules import the client's types only: loading one (for its functions, or
// a tool list) does not load the HTTP stack, which comes with the client itself.
import type { ApiClient, QueryValue } from './client.js';
import { unwrapData } from './response-body.js';
import type { Limit, PaginateResult } from './pagination.js';
import type { CreateStepBody, ReorderStepBody, Step, UpdateStepBody } from './types.js';
import { STEP_INCLUDES, type StepInclude } from './types.js';

export { STEP_INCLUDES, type StepInclude };

const STEPS_PATH = '/steps';
/** The list filters of GET /steps, in pwctl's terms. */
export interface StepFilters {
  companyId?: number;
  completed?: boolean;
  hasDueDate?: boolean;
  include?: readonly StepInclude[];
}

/** The filters as the reference's query parameters (absent ones are left out). */
function stepListQuery(filters: StepFilters): Record<string, QueryValue> {
  return {
    company_id: filters.companyId,
    completed: filters.completed,
    has_due_date: filters.hasDueDate,
    include: includeParam(filters.include),
  };
}

function includeParam(include: readonly StepInclude[] | undefined): string | undefined {
  return include && include.length > 0 ? include.join(',') : undefined;
}

export function listSteps(client: ApiClient, filters: StepFilters, limit: Limit, result?: PaginateResult): AsyncGenerator<Step, PaginateResult> {
  return client.list<Step>(STEPS_PATH, stepListQuery(filters), limit, result);
}

export function getStep(client: ApiClient, id: number, include?: readonly StepInclude[]): Promise<Step> {
  return client.getData<Step>(`${STEPS_PATH}/${id}`, { include: includeParam(include) });
}

/** Resolves to undefined under --dry-run. */
export async function createStep(client: ApiClient, body: CreateStepBody): Promise<Step | undefined> {
  const response = await client.request({
    method: 'POST',
    path: STEPS_PATH,
    body,
    outcomeHint: `pwctl steps list --all --fields id,title,phase.id`,
  });
  return unwrapData<Step | undefined>(response, 'POST', STEPS_PATH);
}

/** Resolves to undefined under --dry-run. */
export async function updateStep(client: ApiClient, id: number, body: UpdateStepBody): Promise<Step | undefined> {
  const path = `${STEPS_PATH}/${id}`;
  const response = await client.request({ method: 'PUT', path, body });
  return unwrapData<Step | undefined>(response, 'PUT', path);
}

/** The reference's reorder is idempotent (same position, same result), so it may be retried. */
export async function reorderStep(client: ApiClient, id: number, body: ReorderStepBody): Promise<Step | undefined> {
  const path = `${STEPS_PATH}/${id}/reorder`;
  const response = await client.request({ method: 'POST', path, body, idempotent: true });
  return unwrapData<Step | undefined>(response, 'POST', path);
}

/** 204 with no body on success. */
export async function deleteStep(client: ApiClient, id: number): Promise<void> {
  await client.request({ method: 'DELETE', path: `${STEPS_PATH}/${id}`, goneIsDone: true });
}
