// A profile that stored the signing secret of one subscription, as `webhooks create --sandbox`
// stores it: what `listen` verifies with and `deliveries replay --resign` signs with.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeConfigDir, registerSecret } from './cli.js';

/** A new config directory whose default profile holds `secret` for subscription `id` (of `event`) of the embedded sandbox. */
export function configDirWithStoredSecret(secret: string, id = 7, event = 'task.completed'): string {
  registerSecret(secret);
  const configDir = makeConfigDir();
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify({ profiles: { default: { webhook_secrets: { sandbox: { [String(id)]: { secret, event } } } } } }),
    { mode: 0o600 },
  );
  return configDir;
}
