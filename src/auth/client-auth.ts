// The credentials an API client of a profile starts with: PWCTL_TOKEN as it is, or the
// profile's stored tokens (read from the keyring or the config file), renewed first when an
// OAuth token is about to expire, with a hook that renews once after a 401. Stored tokens are
// used only for the service they belong to (./token-binding.ts): for any other base URL this
// refuses (exit 4) before a request is made.
import type { NetworkSettings } from '../api/network.js';
import type { ConfigStore } from '../config/store.js';
import type { Settings } from '../config/settings.js';
import { AuthRequiredError } from '../errors.js';
import { loginCommand } from './login-command.js';
import type { BoundTokens } from './stored-credentials.js';
import { recordedBinding, refuseOtherService } from './token-binding.js';

export interface ClientAuthOptions {
  store: ConfigStore;
  profileName: string;
  settings: Settings;
  /** Normalised service root. */
  baseUrl: string;
  trace?: (line: string) => void;
  /** The CA file and proxy variables, for the token endpoint as for the API. */
  network: NetworkSettings;
}

export interface ClientAuth {
  token: string;
  /** For the client's 401 hook; only for a stored OAuth token. */
  renewToken?: () => Promise<string>;
  /** The stored tokens this process now knows, for redaction. */
  secrets: string[];
}

export async function resolveClientAuth(options: ClientAuthOptions): Promise<ClientAuth> {
  const { store, profileName, settings } = options;
  if (settings.tokenSource === 'env' && settings.token) return { token: settings.token, secrets: [] };
  const target = { baseUrl: options.baseUrl, source: settings.baseUrlSource };
  // A profile that says where its login belongs is refused before the keyring is opened.
  const recorded = recordedBinding(store.profile(profileName));
  if (recorded) refuseOtherService(recorded.service, target, profileName);
  // The keyring binding and the credential code load only for a stored token.
  const { bindStoredTokens, readStoredTokens } = await import('./stored-credentials.js');
  const read = await readStoredTokens(store.profile(profileName), profileName);
  // A login stored before bindings is bound to the profile's base_url first, under the lock.
  const stored: BoundTokens | undefined = read?.service
    ? { ...read, service: read.service }
    : read && (await store.updateProfile(profileName, (profile) => bindStoredTokens(profile, profileName)));
  if (!stored)
    throw new AuthRequiredError(
      `no token for profile ${profileName}: run \`${loginCommand(profileName)}\`, or set PWCTL_TOKEN`,
    );
  refuseOtherService(stored.service, target, profileName);
  const secrets = [stored.accessToken, stored.refreshToken].filter((s): s is string => s !== undefined);
  // Only a token from an OAuth sign-in (one with a refresh token or an expiry) is renewed.
  if (!stored.refreshToken && !stored.expiresAt) return { token: stored.accessToken, secrets };
  const { TokenRenewer } = await import('./token-renewal.js');
  const renewer = new TokenRenewer(
    {
      store,
      profileName,
      baseUrl: options.baseUrl,
      timeoutMs: settings.timeoutMs,
      network: options.network,
      trace: options.trace,
    },
    stored,
  );
  const token = await renewer.initial();
  return { token, renewToken: () => renewer.renewAfterRejection(), secrets: [...secrets, token] };
}
