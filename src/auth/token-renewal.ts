// Keeps a stored OAuth access token usable: renewed with the stored refresh token shortly
// before it expires, or once after the service answers 401. Several pwctl processes may
// find the token expired at once, and a rotating refresh token works only once, so a
// renewal happens under the config store's lock: the process re-reads the stored tokens
// there and renews only if no other process has already (then it uses theirs), and it
// stores the rotated refresh token before it lets go of the lock. Failing that, the user
// is told to sign in again (exit 4). The refresh token goes only to the token endpoint
// recorded at the sign-in that issued it (./token-binding.ts), never to one the config keys
// name since, and the answer is stored only while the profile is still signed in to the
// service that asked.
import { ApiError } from '../api/errors.js';
import type { NetworkSettings } from '../api/network.js';
import type { ConfigStore, ProfileData } from '../config/store.js';
import { AuthRequiredError } from '../errors.js';
import type { TokenSet } from './oauth-client.js';
import { resolveOAuthEndpoints } from './oauth-endpoints.js';
import { OAuthError } from './oauth-error.js';
import { readStoredTokens, replaceStoredTokens, type BoundTokens } from './stored-credentials.js';
import { describeExpiry, msUntil, needsRenewal } from './token-expiry.js';

export interface RenewalOptions {
  store: ConfigStore;
  profileName: string;
  /** Normalised service root (the OAuth issuer). */
  baseUrl: string;
  timeoutMs: number;
  /** The proxy and CA settings the API client uses, for the token request too. */
  network: NetworkSettings;
  trace?: (line: string) => void;
  now?: () => number;
}

export class TokenRenewer {
  readonly #options: RenewalOptions;
  #current: BoundTokens;
  /** The service this process uses the tokens for; fixed, whatever the store says later. */
  readonly #service: string;
  #inflight: Promise<string> | undefined;

  /** `stored`: the tokens this process read at start, bound to the base URL in effect. */
  constructor(options: RenewalOptions, stored: BoundTokens) {
    this.#options = options;
    this.#current = stored;
    this.#service = stored.service;
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
        throw new ApiError({
          kind: 'unauthorized',
          status: 401,
          method: 'POST',
          url: this.#current.tokenEndpoint ?? this.#options.baseUrl,
          message: error.message,
        });
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
    this.#current = await store.updateProfile(profileName, async (profile): Promise<BoundTokens> => {
      const latest = await readStoredTokens(profile, profileName);
      // The profile was signed in to another service since this process started: neither its
      // refresh token nor a token endpoint's answer has anything to do with this one.
      if (latest && latest.service !== this.#service) {
        throw new AuthRequiredError(
          `profile ${profileName} was signed in to ${latest.service ?? 'another service'} while this command ran with ${this.#service}; nothing was renewed: run the command again`,
        );
      }
      // Another process renewed since this one read the tokens: use what it stored. Its
      // token may already be inside the renewal margin (short-lived tokens always are); it
      // is used as long as it has not expired, or every process would renew in turn.
      if (
        latest &&
        latest.accessToken !== this.#current.accessToken &&
        !needsRenewal(latest.expiresAt, this.#now(), 0)
      ) {
        this.#trace('using the token another pwctl process renewed');
        return { ...latest, service: this.#service };
      }
      if (!latest?.refreshToken) {
        throw new AuthRequiredError(
          `the token of profile ${profileName} is no longer accepted and no refresh token is stored: run \`pwctl auth login\``,
        );
      }
      if (!latest.tokenEndpoint) {
        throw new AuthRequiredError(
          `the sign-in of profile ${profileName} recorded no token endpoint to renew its token at: run \`pwctl auth login --web\``,
        );
      }
      const renewed = {
        ...(await this.#refresh(profile, latest.refreshToken, latest.tokenEndpoint)),
        service: this.#service,
        tokenEndpoint: latest.tokenEndpoint,
      };
      await replaceStoredTokens(profile, profileName, renewed);
      return renewed;
    });
    return this.#current.accessToken;
  }

  /** Spend `refreshToken` at `tokenUrl`, the endpoint of the sign-in that issued it (not the config key's). */
  async #refresh(profile: ProfileData, refreshToken: string, tokenUrl: string): Promise<TokenSet> {
    const { profileName, timeoutMs } = this.#options;
    const endpoints = { ...resolveOAuthEndpoints(profile, this.#options.baseUrl), tokenUrl };
    const { refreshTokens } = await import('./oauth-client.js');
    this.#trace(`→ POST ${endpoints.tokenUrl} (refresh_token grant)`);
    let tokens: TokenSet;
    try {
      tokens = await refreshTokens(endpoints, refreshToken, timeoutMs, this.#options.network);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.#trace(`✗ token renewal failed: ${reason}`);
      if (error instanceof OAuthError && error.network) {
        throw new ApiError({
          kind: 'network',
          status: null,
          method: 'POST',
          url: endpoints.tokenUrl,
          message: `cannot renew the token of profile ${profileName}: ${reason}`,
        });
      }
      throw new AuthRequiredError(
        `cannot renew the token of profile ${profileName} (${reason}): run \`pwctl auth login\``,
      );
    }
    this.#trace('← token renewed');
    // A server that does not rotate refresh tokens leaves the one we used valid.
    return {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? refreshToken,
      expiresAt: tokens.expiresAt,
    };
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }

  #trace(line: string): void {
    this.#options.trace?.(line);
  }
}
