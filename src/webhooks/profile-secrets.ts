// The webhook secrets stored for a profile by `webhooks create`, read straight from the
// config file each time it changes (a fresh read, not the store's cached copy).
import { statSync } from 'node:fs';
import { ConfigStore } from '../config/store.js';
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
      const stored = new ConfigStore(configDir).profile(profileName).webhook_secrets ?? {};
      const out: KnownSecret[] = [];
      for (const [id, entry] of Object.entries(stored)) {
        if (!entry || typeof entry.secret !== 'string') continue;
        const subscriptionId = Number(id);
        out.push({
          secret: entry.secret,
          subscriptionId: Number.isSafeInteger(subscriptionId) ? subscriptionId : undefined,
          event: typeof entry.event === 'string' ? entry.event : undefined,
          source: `profile ${profileName}`,
        });
      }
      return out;
    },
  };
}
