// Naming a delivery's event type: from the subscription whose secret verified it, or from
// the payload alone for a secret that does not know its subscription (--secret,
// PWCTL_WEBHOOK_SECRET). The shapes are the reference's payload shapes; the event-specific
// fields decide among task events.
import type { WebhookEvent } from '../api/types.js';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The event type a payload's shape implies, or undefined when it matches no known shape. */
export function inferEvent(payload: unknown): WebhookEvent | undefined {
  if (!isObject(payload)) return undefined;
  if (isTask(payload)) {
    if ('added_tags' in payload || 'removed_tags' in payload || 'tags' in payload) return 'task.tags_updated';
    if ('previous_due_date' in payload || 'due_date_updated_at' in payload) return 'task.due_date_updated';
    if ('completed_at' in payload) return 'task.completed';
    return 'task.created';
  }
  if ('milestoneable_type' in payload || 'milestoneable_id' in payload || 'is_completed' in payload) {
    // milestone.created carries the record as created; any later change moves updated_at.
    return typeof payload.created_at === 'string' && payload.created_at === payload.updated_at
      ? 'milestone.created'
      : 'milestone.updated';
  }
  if (
    'code' in payload ||
    'is_client' in payload ||
    'client_project_type' in payload ||
    'internal_project_type' in payload
  )
    return 'project.created';
  if ('order' in payload && isObject(payload.project) && !('phase' in payload)) return 'phase.updated';
  return undefined;
}

function isTask(payload: Json): boolean {
  if (isObject(payload.phase)) return true;
  return (
    'is_approval' in payload ||
    'approval_status' in payload ||
    'completed_at' in payload ||
    'previous_due_date' in payload ||
    'added_tags' in payload ||
    'removed_tags' in payload
  );
}

/** The event a delivery is shown as. */
export interface NamedEvent {
  event: string | null;
  /**
   * Set when the payload is plainly another kind of resource than the verifying
   * subscription's event says (a milestone under a task.completed secret): that event,
   * which the inferred one replaces rather than mislabel the delivery.
   */
  contradicted?: string;
}

/**
 * The subscription's event, unless the payload is plainly of another resource; the
 * inferred one when the secret knows no event. Only the resource (task, milestone, …) is
 * held against the subscription: telling task events apart from the shape is a guess.
 */
export function nameEvent(subscribed: string | undefined, payload: unknown): NamedEvent {
  const inferred = inferEvent(payload);
  if (subscribed === undefined) return { event: inferred ?? null };
  if (inferred !== undefined && resourceOf(inferred) !== resourceOf(subscribed))
    return { event: inferred, contradicted: subscribed };
  return { event: subscribed };
}

function resourceOf(event: string): string {
  const dot = event.indexOf('.');
  return dot < 0 ? event : event.slice(0, dot);
}
