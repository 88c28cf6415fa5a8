// The webhook secrets stored for a profile by `webhooks create`, read straight from the
// config file each time it changes (a fresh read, not the store's cached copy). A receiver
// verifies with the secrets of every service the profile has used: a delivery names no
// service, and each secret knows its own subscription and event.
import { statSync } from 'node:fs';
import { ConfigStore } from '../config/store.js';
import { allWebhookSecrets } from '../config/webhook-secrets.js';
import type { KnownSecret, StoredSecrets } from './signing-secrets.js';

export function profileSecrets(configDir: string, profileName: string): StoredSecrets {
  const path = new ConfigStore(configDir).path;
  return {
    version() {
      try {
        const stat = statSync(path);
        return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
        throw error;
      }
    },
    load() {
      const profile = new ConfigStore(configDir).profile(profileName);
      return allWebhookSecrets(profile).map(({ service, id, entry }): KnownSecret => {
        const subscriptionId = Number(id);
        return {
          secret: entry.secret,
          subscriptionId: Number.isSafeInteger(subscriptionId) ? subscriptionId : undefined,
          service,
          event: typeof entry.event === 'string' ? entry.event : undefined,
          source: `profile ${profileName}`,
        };
      });
    },
  };
}
