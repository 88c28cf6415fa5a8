// The webhook signing secrets a profile keeps (`webhooks create` stores them, `listen` and
// `trigger --subscription` read them, `delete` forgets them), keyed by service and then by
// subscription id: `webhook_secrets: { "<service key>": { "<id>": {secret, event, ...} } }`.
//
// Stores written before secrets were keyed by service hold `webhook_secrets: { "<id>": {...} }`.
// Such an entry is read as belonging to the profile's base_url, the service every command
// without --sandbox or an overriding URL used; without a base_url nothing says which service
// it came from, so it goes to UNKNOWN_SERVICE, where `listen` still verifies with it and no
// other command reads or forgets it. The first change to a profile's secrets rewrites them
// in the new shape.
import type { ProfileData } from './store.js';
import { serviceKey } from './service-key.js';

export interface StoredWebhookSecret {
  secret: string;
  event?: string;
  company_id?: number;
  url?: string;
  created_at?: string;
}

/** Subscription id → secret, for one service. */
export type ServiceWebhookSecrets = Record<string, StoredWebhookSecret>;

/** As found in a profile: service buckets, and perhaps entries of the old shape keyed by id alone. */
export type StoredWebhookSecrets = Record<string, ServiceWebhookSecrets | StoredWebhookSecret>;

export const UNKNOWN_SERVICE = 'unknown service';

export interface WebhookSecretEntry {
  service: string;
  id: string;
  entry: StoredWebhookSecret;
}

/** Every secret of the profile, whichever service it belongs to (what `listen` verifies with). */
export function allWebhookSecrets(profile: ProfileData): WebhookSecretEntry[] {
  return Object.entries(secretsByService(profile)).flatMap(([service, secrets]) =>
    Object.entries(secrets).map(([id, entry]) => ({ service, id, entry })),
  );
}

export function findWebhookSecret(profile: ProfileData, service: string, id: number): StoredWebhookSecret | undefined {
  return secretsByService(profile)[service]?.[String(id)];
}

/** Store (or replace) the secret of subscription `id` of `service`. */
export function putWebhookSecret(profile: ProfileData, service: string, id: number, entry: StoredWebhookSecret): void {
  const buckets = secretsByService(profile);
  (buckets[service] ??= {})[String(id)] = entry;
  profile.webhook_secrets = buckets;
}

/** Forget the secret of subscription `id` of `service`; false when none was stored. */
export function forgetWebhookSecret(profile: ProfileData, service: string, id: number): boolean {
  const buckets = secretsByService(profile);
  const bucket = buckets[service];
  if (!bucket?.[String(id)]) return false;
  delete bucket[String(id)];
  if (Object.keys(bucket).length === 0) delete buckets[service];
  if (Object.keys(buckets).length === 0) delete profile.webhook_secrets;
  else profile.webhook_secrets = buckets;
  return true;
}

/** Keep a stored secret's URL in step with its subscription's (`webhooks update --url`). */
export function updateWebhookSecretUrl(profile: ProfileData, service: string, id: number, url: string): void {
  const entry = findWebhookSecret(profile, service, id);
  if (!entry) return;
  const buckets = secretsByService(profile);
  buckets[service]![String(id)] = { ...entry, url };
  profile.webhook_secrets = buckets;
}

/** The profile's secrets in the current shape, entries of the old shape assigned to a service (see above). A copy. */
function secretsByService(profile: ProfileData): Record<string, ServiceWebhookSecrets> {
  const buckets: Record<string, ServiceWebhookSecrets> = {};
  const legacyService = serviceKey({ sandbox: false, baseUrl: profile.base_url }) ?? UNKNOWN_SERVICE;
  for (const [key, value] of Object.entries(profile.webhook_secrets ?? {})) {
    if (!value || typeof value !== 'object') continue;
    if (isSecret(value)) {
      const bucket = (buckets[legacyService] ??= {});
      // An entry already stored under the service wins over an old one with the same id.
      bucket[key] ??= value;
    } else {
      const bucket = (buckets[key] ??= {});
      for (const [id, entry] of Object.entries(value)) if (isSecret(entry)) bucket[id] = entry;
    }
  }
  return buckets;
}

function isSecret(value: unknown): value is StoredWebhookSecret {
  return typeof value === 'object' && value !== null && typeof (value as StoredWebhookSecret).secret === 'string';
}
