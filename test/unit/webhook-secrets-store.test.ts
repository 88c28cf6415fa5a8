// The shape of stored webhook secrets: per service, then per subscription id, with entries
// of the older id-only shape read as the profile's base_url's (or an unknown service's).
import { describe, expect, it } from 'vitest';
import type { ProfileData } from '../../src/config/store.js';
import {
  UNKNOWN_SERVICE,
  allWebhookSecrets,
  findWebhookSecret,
  forgetWebhookSecret,
  putWebhookSecret,
  updateWebhookSecretUrl,
} from '../../src/config/webhook-secrets.js';

const A = 'https://a.example';
const B = 'https://b.example';

describe('stored webhook secrets', () => {
  it('keep the same id of two services apart', () => {
    const profile: ProfileData = {};
    putWebhookSecret(profile, A, 7, { secret: 'sa' });
    putWebhookSecret(profile, 'sandbox', 7, { secret: 'ss' });
    expect(findWebhookSecret(profile, A, 7)?.secret).toBe('sa');
    expect(findWebhookSecret(profile, 'sandbox', 7)?.secret).toBe('ss');
    expect(findWebhookSecret(profile, B, 7)).toBeUndefined();
    expect(forgetWebhookSecret(profile, B, 7)).toBe(false);
    expect(forgetWebhookSecret(profile, A, 7)).toBe(true);
    expect(profile.webhook_secrets).toEqual({ sandbox: { 7: { secret: 'ss' } } });
    expect(forgetWebhookSecret(profile, 'sandbox', 7)).toBe(true);
    expect(profile.webhook_secrets).toBeUndefined();
  });

  it("read entries keyed by id alone as the profile base_url's, and rewrite them on the next change", () => {
    const profile = {
      base_url: `${A}/api/v1/`,
      webhook_secrets: { 12: { secret: 'old', event: 'task.created' } },
    } as unknown as ProfileData;
    expect(findWebhookSecret(profile, A, 12)?.secret).toBe('old');
    expect(findWebhookSecret(profile, B, 12)).toBeUndefined();
    updateWebhookSecretUrl(profile, A, 12, 'https://hooks.example/x');
    expect(profile.webhook_secrets).toEqual({
      [A]: { 12: { secret: 'old', event: 'task.created', url: 'https://hooks.example/x' } },
    });
  });

  it('leave old entries of a profile without base_url to no service but listen', () => {
    const profile = {
      webhook_secrets: { 12: { secret: 'old' }, sandbox: { 3: { secret: 'new' } } },
    } as unknown as ProfileData;
    expect(allWebhookSecrets(profile).map((s) => [s.service, s.id, s.entry.secret])).toEqual([
      [UNKNOWN_SERVICE, '12', 'old'],
      ['sandbox', '3', 'new'],
    ]);
    expect(findWebhookSecret(profile, 'sandbox', 12)).toBeUndefined();
    expect(forgetWebhookSecret(profile, 'sandbox', 12)).toBe(false);
  });

  it('prefer an entry stored under its service to an old one with the same id', () => {
    const profile = {
      base_url: A,
      webhook_secrets: { 5: { secret: 'old' }, [A]: { 5: { secret: 'new' } } },
    } as unknown as ProfileData;
    expect(findWebhookSecret(profile, A, 5)?.secret).toBe('new');
    expect(allWebhookSecrets(profile)).toHaveLength(1);
  });
});
