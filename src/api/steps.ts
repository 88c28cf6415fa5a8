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

/** The query parameters of GET /steps, by the reference's names (absent ones are left out). */
export interface StepFilters {
  company_id?: number;
  completed?: boolean;
  has_due_date?: boolean;
  include?: readonly StepInclude[];
}

function stepListQuery(filters: StepFilters): Record<string, QueryValue> {
  return { ...filters, include: includeParam(filters.include) };
}

function includeParam(include: readonly StepInclude[] | undefined): string | undefined {
  return include && include.length > 0 ? include.join(',') : undefined;
}

export function listSteps(
  client: ApiClient,
  filters: StepFilters,
  limit: Limit,
  result?: PaginateResult,
): AsyncGenerator<Step, PaginateResult> {
  return client.list<Step>(STEPS_PATH, stepListQuery(filters), limit, result);
}

export function getStep(client: ApiClient, id: number, include?: readonly StepInclude[]): Promise<Step> {
  return client.getData<Step>(`${STEPS_PATH}/${id}`, { include: includeParam(include) });
}

/** A create is not idempotent: `outcomeHint` tells the user how to check one whose answer was lost. */
export async function createStep(client: ApiClient, body: CreateStepBody, outcomeHint?: string): Promise<Step> {
  const response = await client.request({ method: 'POST', path: STEPS_PATH, body, outcomeHint });
  return unwrapData<Step>(response, 'POST', STEPS_PATH);
}

export async function updateStep(client: ApiClient, id: number, body: UpdateStepBody): Promise<Step> {
  const path = `${STEPS_PATH}/${id}`;
  const response = await client.request({ method: 'PUT', path, body });
  return unwrapData<Step>(response, 'PUT', path);
}

/** The reference's reorder is idempotent (same position, same result), so it may be retried. */
export async function reorderStep(client: ApiClient, id: number, body: ReorderStepBody): Promise<Step> {
  const path = `${STEPS_PATH}/${id}/reorder`;
  const response = await client.request({ method: 'POST', path, body, idempotent: true });
  return unwrapData<Step>(response, 'POST', path);
}

/** 204 with no body on success. */
export async function deleteStep(client: ApiClient, id: number): Promise<void> {
  await client.request({ method: 'DELETE', path: `${STEPS_PATH}/${id}`, goneIsDone: true });
}
