// Webhook subscriptions. Unlike other resources these endpoints return the subscription
// object directly (no data envelope), and the list pages with next_page_url.
import type { ApiClient, ApiResponse } from './client.js';
import { ApiError } from './errors.js';
import type { Limit, PaginateResult } from './pagination.js';
import type { CreateWebhookBody, UpdateWebhookBody, WebhookSubscription } from './types.js';

export interface WebhookFilters {
  company_id?: number;
}

export function listWebhooks(
  client: ApiClient,
  filters: WebhookFilters,
  limit: Limit,
  result?: PaginateResult,
): AsyncGenerator<WebhookSubscription, PaginateResult> {
  return client.list<WebhookSubscription>('/webhooks', { ...filters }, limit, result);
}

export async function getWebhook(client: ApiClient, id: number): Promise<WebhookSubscription> {
  const path = `/webhooks/${id}`;
  return subscriptionOf(await client.request({ method: 'GET', path }), 'GET', path);
}

/** The created subscription, secret included. `outcomeHint`: how to check a create whose answer was lost. */
export async function createWebhook(
  client: ApiClient,
  body: CreateWebhookBody,
  outcomeHint?: string,
): Promise<WebhookSubscription> {
  const response = await client.request({ method: 'POST', path: '/webhooks', body, outcomeHint });
  return subscriptionOf(response, 'POST', '/webhooks');
}

/**
 * The updated subscription. The reference does not show PUT's response body, so a 2xx whose
 * body is not a subscription (empty, `{}`, `{"ok":true}`) still means the change was made,
 * and the subscription is read back with a GET.
 */
export async function updateWebhook(
  client: ApiClient,
  id: number,
  body: UpdateWebhookBody,
): Promise<WebhookSubscription> {
  const path = `/webhooks/${id}`;
  const response = await client.request({ method: 'PUT', path, body });
  return subscriptionIn(response.json) ?? getWebhook(client, id);
}

export async function deleteWebhook(client: ApiClient, id: number): Promise<void> {
  await client.request({ method: 'DELETE', path: `/webhooks/${id}`, goneIsDone: true });
}

function subscriptionOf(response: ApiResponse, method: string, path: string): WebhookSubscription {
  const hook = subscriptionIn(response.json);
  if (!hook) {
    throw new ApiError({
      kind: 'bad_response',
      status: response.status,
      method,
      url: path,
      message: `${method} ${path}: the response is not a webhook subscription`,
    });
  }
  return hook;
}

/** The subscription a body holds, bare or (should the service ever add one) in a data envelope. */
function subscriptionIn(body: unknown): WebhookSubscription | undefined {
  let json = body as Record<string, unknown> | undefined;
  if (json && typeof json === 'object' && !('id' in json) && json.data && typeof json.data === 'object')
    json = json.data as Record<string, unknown>;
  return json && typeof json === 'object' && typeof json.id === 'number'
    ? (json as unknown as WebhookSubscription)
    : undefined;
}
