// Keeps a stored OAuth access token usable: renewed with the stored refresh token shortly
// before it expires, or once after the service answers 401. Several pwctl processes may
// find the token expired at once, and a rotating refresh token works only once, so a
// renewal happens under the config store's lock: the process re-reads the stored tokens
// there and renews only if no other process has already (then it uses theirs), and it
// stores the rotated refresh token before it lets go of the lock. Failing that, the user
// is told to sign in again (exit 4).
import { ApiError } from '../api/errors.js';
import type { NetworkSettings } from '../api/network.js';
import type { ConfigStore, ProfileData } from '../config/store.js';
import { AuthRequiredError } from '../errors.js';
import type { TokenSet } from './oauth-client.js';
import { resolveOAuthEndpoints } from './oauth-endpoints.js';
import { OAuthError } from './oauth-error.js';
import { readStoredTokens, replaceStoredTokens } from './stored-credentials.js';
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
  #current: TokenSet;
  #inflight: Promise<string> | undefined;

  /** `stored`: the tokens this process read at start. */
  constructor(options: RenewalOptions, stored: TokenSet) {
    this.#options = options;
    this.#current = stored;
  }

  get token(): string {
    return this.#current.accessToken;
  }

  /** The token to start with: renewed first when it expires within a minute. */
  async initial(): Promise<string> {
    const { expiresAt, refreshToken, accessToken } = this.#current;
    const now = this.#now();
    if (!needsRenewal(expiresAt, now)) return accessToken;
    if (!refreshToken) {
      const left = msUntil(expiresAt, now);
      if (left !== undefined && left <= 0) {
        throw new AuthRequiredError(
          `the token of profile ${this.#options.profileName} expired ${describeExpiry(expiresAt!, now).replace(/^expired /, '')} and cannot be renewed: run \`pwctl auth login\``,
        );
      }
      return accessToken;
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
        const url = resolveOAuthEndpoints(this.#options.store.profile(this.#options.profileName), this.#options.baseUrl).tokenUrl;
        throw new ApiError({ kind: 'unauthorized', status: 401, method: 'POST', url, message: error.message });
      }
      throw error;
    }
  }

  /** One renewal at a time: concurrent requests of this process that hit 401 together share it. */
  renew(): Promise<string> {
    return (this.#inflight ??= this.#renewLocked().finally(() => {
      this.#inflight = undefined;
    }));
  }

  async #renewLocked(): Promise<string> {
    const { store, profileName } = this.#options;
    this.#current = await store.updateProfile(profileName, async (profile) => {
      const latest = await readStoredTokens(profile, profileName);
      // Another process renewed since this one read the tokens: use what it stored. Its
      // token may already be inside the renewal margin (short-lived tokens always are); it
      // is used as long as it has not expired, or every process would renew in turn.
      if (latest && latest.accessToken !== this.#current.accessToken && !needsRenewal(latest.expiresAt, this.#now(), 0)) {
        this.#trace('using the token another pwctl process renewed');
        return latest;
      }
      if (!latest?.refreshToken) {
        throw new AuthRequiredError(`the token of profile ${profileName} is no longer accepted and no refresh token is stored: run \`pwctl auth login\``);
      }
      const renewed = await this.#refresh(profile, latest.refreshToken);
      await replaceStoredTokens(profile, profileName, renewed);
      return renewed;
    });
    return this.#current.accessToken;
  }

  async #refresh(profile: ProfileData, refreshToken: string): Promise<TokenSet> {
    const { profileName, timeoutMs } = this.#options;
    const endpoints = resolveOAuthEndpoints(profile, this.#options.baseUrl);
    const { refreshTokens } = await import('./oauth-client.js');
    this.#trace(`→ POST ${endpoints.tokenUrl} (refresh_token grant)`);
    let tokens: TokenSet;
    try {
      tokens = await refreshTokens(endpoints, refreshToken, timeoutMs, this.#options.network);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.#trace(`✗ token renewal failed: ${reason}`);
      if (error instanceof OAuthError && error.network) {
        throw new ApiError({ kind: 'network', status: null, method: 'POST', url: endpoints.tokenUrl, message: `cannot renew the token of profile ${profileName}: ${reason}` });
      }
      throw new AuthRequiredError(`cannot renew the token of profile ${profileName} (${reason}): run \`pwctl auth login\``);
    }
    this.#trace('← token renewed');
    // A server that does not rotate refresh tokens leaves the one we used valid.
    return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken ?? refreshToken, expiresAt: tokens.expiresAt };
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }

  #trace(line: string): void {
    this.#options.trace?.(line);
  }
}
