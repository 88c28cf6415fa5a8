// The record a delivery is about, as its payload names it (`#107 Moodboard`): what tells
// deliveries of one event apart in the inspector's list and the `deliveries show` picker.

export interface PayloadResource {
  id: string | null;
  title: string | null;
}

/** The payload's id and title (or name), the title cut to `maxTitle` characters; null when the body names neither. */
export function payloadResource(body: Buffer, maxTitle: number): PayloadResource | null {
  if (body.length === 0) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const record = payload as Record<string, unknown>;
  const id = typeof record.id === 'number' || typeof record.id === 'string' ? String(record.id) : null;
  const named = typeof record.title === 'string' ? record.title : typeof record.name === 'string' ? record.name : null;
  if (id === null && named === null) return null;
  return { id, title: named === null ? null : named.length > maxTitle ? `${named.slice(0, maxTitle)}…` : named };
}

/** `#107 Moodboard`, `#107`, or `Moodboard`. */
export function resourceText(resource: PayloadResource): string {
  return [resource.id === null ? null : `#${resource.id}`, resource.title].filter((part) => part !== null).join(' ');
}
