// Which service a stored login belongs to. A stored token (and its refresh token) is sent only
// to the origin of the base URL it was stored for (`token_service`), and a refresh token only
// to the token endpoint of the sign-in that issued it (`token_endpoint`), whatever
// --base-url, PWCTL_BASE_URL, `config set base_url` or `config set oauth_token_url` say
// later: a server that answers 401 to everything must not receive the token, then the
// refresh token. PWCTL_TOKEN is not a stored login and goes wherever the base URL points.
//
// A login stored before tokens were bound has neither field. It is bound to the profile's
// base_url (and the token endpoint the profile would have used with it), under the store's
// lock: at its first read, or by a `config set`/`unset` before that changes a key.
import { normaliseBaseUrl } from '../api/base-url.js';
import type { ProfileData } from '../config/store.js';
import { AuthRequiredError } from '../errors.js';
import { loginCommand } from './login-command.js';
import { resolveOAuthEndpoints } from './oauth-endpoints.js';

export interface TokenBinding {
  /** The origin of the base URL at sign-in: `https://pm.example.com`. */
  service: string;
  /** The token endpoint of an OAuth sign-in, the only place its refresh token is sent. */
  tokenEndpoint?: string;
}

/** The service a base URL names: its origin (scheme, host and port). */
export function serviceOf(baseUrl: string): string {
  return new URL(normaliseBaseUrl(baseUrl)).origin;
}

/** Whether the profile holds a stored login: a keyring item or tokens in the file. */
export function hasStoredLogin(profile: ProfileData): boolean {
  return Boolean(profile.keyring_account || profile.token);
}

/** The binding recorded in the profile; undefined when none is (no login, or one stored before bindings). */
export function recordedBinding(profile: ProfileData): TokenBinding | undefined {
  if (!hasStoredLogin(profile) || typeof profile.token_service !== 'string' || profile.token_service === '')
    return undefined;
  return { service: profile.token_service, tokenEndpoint: profile.token_endpoint };
}

export function recordBinding(profile: ProfileData, binding: TokenBinding): void {
  profile.token_service = binding.service;
  if (binding.tokenEndpoint) profile.token_endpoint = binding.tokenEndpoint;
  else delete profile.token_endpoint;
}

export function clearBinding(profile: ProfileData): void {
  delete profile.token_service;
  delete profile.token_endpoint;
}

/**
 * The binding of a login stored before bindings: the service of the profile's base_url (what
 * every command without an overriding URL used), and, when it may hold a refresh token, the
 * token endpoint renewals went to. Undefined without a base_url: nothing says where it came from.
 */
export function legacyBinding(profile: ProfileData, renewable: boolean): TokenBinding | undefined {
  if (!profile.base_url) return undefined;
  const base = normaliseBaseUrl(profile.base_url);
  return {
    service: serviceOf(base),
    tokenEndpoint: renewable ? resolveOAuthEndpoints(profile, base).tokenUrl : undefined,
  };
}

/**
 * Bind a login stored before bindings in the profile's fields (before a `config` change
 * moves its base_url or token endpoint). Whether a keyring item holds a refresh token is not
 * known without opening it, so such a login counts as renewable.
 */
export function bindUnboundLogin(profile: ProfileData): void {
  if (!hasStoredLogin(profile) || recordedBinding(profile)) return;
  const binding = legacyBinding(profile, Boolean(profile.keyring_account || profile.refresh_token));
  if (binding) recordBinding(profile, binding);
}

/** The service the profile's login belongs to, or will be bound to at its first use; undefined without a login. */
export function loginService(profile: ProfileData): string | undefined {
  if (!hasStoredLogin(profile)) return undefined;
  return recordedBinding(profile)?.service ?? legacyBinding(profile, false)?.service;
}

export interface BaseUrlInEffect {
  /** Normalised service root. */
  baseUrl: string;
  /** `--base-url`, `PWCTL_BASE_URL`, `config key base_url (profile …)`. */
  source: string | undefined;
}

/** Exit 4, before any request, when the base URL in effect is not the service the stored login belongs to. */
export function refuseOtherService(service: string, target: BaseUrlInEffect, profileName: string): void {
  if (serviceOf(target.baseUrl) === service) return;
  const from = target.source ? `from ${target.source}` : 'in effect';
  throw new AuthRequiredError(
    `profile ${profileName} is signed in to ${service}, and its stored token is sent nowhere else; the base URL ${from} is ${target.baseUrl}: run \`${loginCommand(profileName)} --base-url ${target.baseUrl}\` to sign in there, or set PWCTL_TOKEN`,
  );
}

/**
 * What a `config` change of the profile does not change for its login, one line each: a
 * base_url of another service, a token endpoint other than the one its refresh token goes to.
 * `before` has its login bound already (bindUnboundLogin).
 */
export function loginNotices(before: ProfileData, after: ProfileData, profileName: string): string[] {
  const binding = recordedBinding(before);
  if (!binding || !hasStoredLogin(after)) return [];
  const notices: string[] = [];
  if (after.base_url && after.base_url !== before.base_url && serviceOf(after.base_url) !== binding.service) {
    const base = normaliseBaseUrl(after.base_url);
    notices.push(
      `profile ${profileName} stays signed in to ${binding.service}: its token is not sent to ${base}; run \`${loginCommand(profileName)}\` to sign in there`,
    );
  }
  const endpoint = after.base_url
    ? resolveOAuthEndpoints(after, normaliseBaseUrl(after.base_url)).tokenUrl
    : after.oauth_token_url;
  const endpointChanged = before.oauth_token_url !== after.oauth_token_url;
  if (binding.tokenEndpoint && endpointChanged && endpoint && endpoint !== binding.tokenEndpoint) {
    notices.push(
      `the sign-in of profile ${profileName} keeps renewing its token at ${binding.tokenEndpoint}, the endpoint that issued it; ${endpoint} is used from the next \`${loginCommand(profileName)} --web\``,
    );
  }
  return notices;
}
