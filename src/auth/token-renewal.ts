// Keeps a stored OAuth access token usable: renewed with the stored refresh token shortly
// before it expires, or once after the service answers 401, and written back to the
// profile. Failing that, the user is told to sign in again (exit 4).
import { ApiError } from '../api/errors.js';
import type { NetworkSettings } from '../api/network.js';
import { ConfigStore } from '../config/store.js';
import { AuthRequiredError } from '../errors.js';
import { resolveOAuthEndpoints } from './oauth-endpoints.js';
import { OAuthError } from './oauth-error.js';
import { describeExpiry, msUntil, needsRenewal } from './token-expiry.js';

export interface RenewalOptions {
  store: ConfigStore;
  profileName: string;
  /** Normalised service root, for the default token endpoint. */
  baseUrl: string;
  timeoutMs: number;
  /** The proxy and CA settings the API client uses, for the token request too. */
  network: NetworkSettings;
  trace?: (line: string) => void;
  now?: () => number;
}

export class TokenRenewer {
  readonly #options: RenewalOptions;
  #current: string;
  #inflight: Promise<string> | undefined;

  constructor(options: RenewalOptions, token: string) {
    this.#options = options;
    this.#current = token;
  }

  get token(): string {
    return this.#current;
  }

  /** The token to start with: renewed first when it expires within a minute. */
  async initial(): Promise<string> {
    const { store, profileName } = this.#options;
    const profile = store.profile(profileName);
    const now = this.#now();
    if (!needsRenewal(profile.token_expires_at, now)) return this.#current;
    if (!profile.refresh_token) {
      const left = msUntil(profile.token_expires_at, now);
      if (left !== undefined && left <= 0) {
        throw new AuthRequiredError(
          `the token of profile ${profileName} expired ${describeExpiry(profile.token_expires_at!, now).replace(/^expired /, '')} and cannot be renewed: run \`pwctl auth login\``,
        );
      }
      return this.#current;
    }
    return this.renew();
  }

  /**
   * For the API client's 401 hook. The client passes through only ApiErrors, so a failure
   * is reported as a 401 whose message says what to do.
   */
  async renewAfterRejection(): Promise<string> {
    try {
      return await this.renew();
    } catch (error) {
      if (error instanceof AuthRequiredError) {
        throw new ApiError({ kind: 'unauthorized', status: 401, method: 'POST', url: this.#tokenUrl(), message: error.message });
      }
      throw error;
    }
  }

  /** One renewal at a time: concurrent requests that hit 401 together share it. */
  renew(): Promise<string> {
    return (this.#inflight ??= this.#renew().finally(() => {
      this.#inflight = undefined;
    }));
  }

  async #renew(): Promise<string> {
    const { store, profileName, timeoutMs } = this.#options;
    // Another pwctl may have renewed (and rotated the refresh token) since this one read the file.
    const latest = new ConfigStore(store.dir).profile(profileName);
    if (latest.token && latest.token !== this.#current && !needsRenewal(latest.token_expires_at, this.#now())) {
      await store.updateProfile(profileName, (profile) => Object.assign(profile, pickTokens(latest)));
      this.#trace('using the token another pwctl process renewed');
      return (this.#current = latest.token);
    }
    if (!latest.refresh_token) {
      throw new AuthRequiredError(`the token of profile ${profileName} is no longer accepted and no refresh token is stored: run \`pwctl auth login\``);
    }
    const endpoints = resolveOAuthEndpoints(latest, this.#options.baseUrl);
    const { refreshTokens } = await import('./oauth-client.js');
    this.#trace(`→ POST ${endpoints.tokenUrl} (refresh_token grant)`);
    let tokens;
    try {
      tokens = await refreshTokens(endpoints, latest.refresh_token, timeoutMs, this.#options.network);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.#trace(`✗ token renewal failed: ${reason}`);
      if (error instanceof OAuthError && error.network) {
        throw new ApiError({ kind: 'network', status: null, method: 'POST', url: endpoints.tokenUrl, message: `cannot renew the token of profile ${profileName}: ${reason}` });
      }
      throw new AuthRequiredError(`cannot renew the token of profile ${profileName} (${reason}): run \`pwctl auth login\``);
    }
    this.#trace('← token renewed');
    await store.updateProfile(profileName, (profile) => {
      profile.token = tokens.accessToken;
      if (tokens.refreshToken) profile.refresh_token = tokens.refreshToken;
      if (tokens.expiresAt) profile.token_expires_at = tokens.expiresAt;
      else delete profile.token_expires_at;
    });
    return (this.#current = tokens.accessToken);
  }

  #tokenUrl(): string {
    return resolveOAuthEndpoints(this.#options.store.profile(this.#options.profileName), this.#options.baseUrl).tokenUrl;
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }

  #trace(line: string): void {
    this.#options.trace?.(line);
  }
}

function pickTokens(profile: { token?: string; refresh_token?: string; token_expires_at?: string }) {
  return { token: profile.token, refresh_token: profile.refresh_token, token_expires_at: profile.token_expires_at };
}
