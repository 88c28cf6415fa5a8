// Where the OAuth endpoints are: the profile's config keys, else next to the service root.
import type { ProfileData } from '../config/store.js';

export const DEFAULT_CLIENT_ID = 'pwctl';

export interface OAuthEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  /** Compared with an `iss` parameter on the callback, when the server sends one. */
  issuer: string;
}

/** `baseUrl` is the normalised service root (no trailing slash, no /api/v1). */
export function resolveOAuthEndpoints(profile: ProfileData, baseUrl: string): OAuthEndpoints {
  return {
    authorizeUrl: profile.oauth_authorize_url ?? `${baseUrl}/oauth/authorize`,
    tokenUrl: profile.oauth_token_url ?? `${baseUrl}/oauth/token`,
    clientId: profile.oauth_client_id ?? DEFAULT_CLIENT_ID,
    issuer: baseUrl,
  };
}
