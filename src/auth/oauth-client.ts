// The OAuth 2.0 protocol steps pwctl needs (authorization URL with PKCE S256, callback
// validation, code exchange, refresh), done by oauth4webapi. This module is only ever
// reached through import(), so its cost is paid by `auth login --web` and by a renewal.
// Token requests go through the API client's HTTP stack (a Network and fetchOver), so
// they honour the same proxy and certificate settings.
import * as oauth from 'oauth4webapi';
import { ExchangeError, fetchOver } from '../api/fetch-over.js';
import { Network, type NetworkSettings } from '../api/network.js';
import { explainTransportFailure } from '../api/network-errors.js';
import type { OAuthEndpoints } from './oauth-endpoints.js';
import { OAuthError } from './oauth-error.js';
import { expiryFromNow } from './token-expiry.js';

export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** ISO timestamp. */
  expiresAt?: string;
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  codeVerifier: string;
  redirectUri: string;
}

interface Parties {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  options: oauth.TokenEndpointRequestOptions;
}

function parties(endpoints: OAuthEndpoints, timeoutMs: number, network: Network): Parties {
  // oauth4webapi refuses plain http unless told; a profile pointed at an http service
  // (a local sandbox, a dev server) has already chosen that.
  const insecure = [endpoints.authorizeUrl, endpoints.tokenUrl].some((u) => new URL(u).protocol === 'http:');
  return {
    as: {
      issuer: endpoints.issuer,
      authorization_endpoint: endpoints.authorizeUrl,
      token_endpoint: endpoints.tokenUrl,
    },
    client: { client_id: endpoints.clientId },
    options: {
      ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
      signal: () => AbortSignal.timeout(timeoutMs),
      [oauth.customFetch]: fetchOver(network, timeoutMs),
    },
  };
}

/** Run `step` with a Network for the given settings, closed afterwards. */
async function withNetwork<T>(settings: NetworkSettings, step: (network: Network) => Promise<T>): Promise<T> {
  const network = new Network(settings);
  await network.prepare();
  try {
    return await step(network);
  } finally {
    await network.close();
  }
}

/** A fresh authorization request: random state and PKCE verifier, S256 challenge. */
export async function createAuthorizationRequest(
  endpoints: OAuthEndpoints,
  redirectUri: string,
): Promise<AuthorizationRequest> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(endpoints.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', endpoints.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  return { url: url.toString(), state, codeVerifier, redirectUri };
}

/** Check the callback (state, error) and exchange its code for tokens. */
export async function exchangeCallback(
  endpoints: OAuthEndpoints,
  request: AuthorizationRequest,
  callback: URLSearchParams,
  timeoutMs: number,
  settings: NetworkSettings,
): Promise<TokenSet> {
  return withNetwork(settings, (network) => {
    const { as, client, options } = parties(endpoints, timeoutMs, network);
    return translate(network, async () => {
      const params = oauth.validateAuthResponse(as, client, callback, request.state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        request.redirectUri,
        request.codeVerifier,
        options,
      );
      return toTokenSet(await oauth.processAuthorizationCodeResponse(as, client, response));
    });
  });
}

/** Trade a refresh token for a new access token (and, when the server rotates it, a new refresh token). */
export async function refreshTokens(
  endpoints: OAuthEndpoints,
  refreshToken: string,
  timeoutMs: number,
  settings: NetworkSettings,
): Promise<TokenSet> {
  return withNetwork(settings, (network) => {
    const { as, client, options } = parties(endpoints, timeoutMs, network);
    return translate(network, async () => {
      const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, options);
      return toTokenSet(await oauth.processRefreshTokenResponse(as, client, response));
    });
  });
}

function toTokenSet(response: oauth.TokenEndpointResponse): TokenSet {
  if (response.token_type !== 'bearer')
    throw new OAuthError(`the token endpoint issued a ${response.token_type} token; pwctl supports bearer tokens only`);
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    expiresAt: expiryFromNow(response.expires_in),
  };
}

async function translate<T>(network: Network, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw describe(error, network);
  }
}

function describe(error: unknown, network: Network): OAuthError {
  if (error instanceof OAuthError) return error;
  if (error instanceof ExchangeError) {
    const failure = explainTransportFailure(error.cause, error.url, network.proxyFor(error.url));
    return new OAuthError(
      failure.kind === 'timeout' ? 'the token endpoint did not answer before the timeout (--timeout)' : failure.what,
      true,
    );
  }
  if (error instanceof oauth.AuthorizationResponseError) {
    return new OAuthError(
      `the authorization server answered ${error.error}${error.error_description ? `: ${error.error_description}` : ''}`,
    );
  }
  if (error instanceof oauth.ResponseBodyError) {
    return new OAuthError(
      `the token endpoint answered ${error.status} ${error.error}${error.error_description ? `: ${error.error_description}` : ''}`,
    );
  }
  if (error instanceof oauth.OperationProcessingError) {
    const message = /"state"/.test(error.message)
      ? "the callback's state does not match the sign-in pwctl started (a stale or forged redirect)"
      : `unexpected response from the authorization server: ${error.message}`;
    return new OAuthError(message);
  }
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new OAuthError('the token endpoint did not answer before the timeout (--timeout)', true);
  return new OAuthError(error instanceof Error ? error.message : String(error));
}
