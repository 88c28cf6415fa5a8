// Where a profile's tokens are kept, and reading and writing them there: in the OS keyring
// (the profile holds only `keyring_account`, the item's account name), or in the config file
// itself (`token`, `refresh_token`, `token_expires_at`) when no keyring was usable or the
// user chose `--insecure-storage`. A keyring item holds all three as one JSON value, so a
// renewal replaces the access token and the rotated refresh token in one write. Either way
// the tokens carry the service they belong to (./token-binding.ts): in the profile's
// `token_service` and `token_endpoint`, and inside the keyring item too.
import { randomBytes } from 'node:crypto';
import type { ProfileData } from '../config/store.js';
import { DEFAULT_PROFILE } from '../config/settings.js';
import { AuthRequiredError } from '../errors.js';
import { loginCommand } from './login-command.js';
import type { TokenSet } from './oauth-client.js';
import { KEYRING_SERVICE, KeyringUnusableError, openKeyringItem, writeVerified } from './os-keyring.js';
import { clearBinding, legacyBinding, recordBinding, recordedBinding, type TokenBinding } from './token-binding.js';

/** A profile's tokens and the service they belong to; `service` is absent only for a login stored before bindings. */
export interface StoredTokens extends TokenSet, Partial<TokenBinding> {}

/** Stored tokens with their binding. */
export type BoundTokens = TokenSet & TokenBinding;

export type TokenStorage = { kind: 'keyring'; item: string } | { kind: 'file'; path: string };

/** Where the profile keeps its tokens; undefined when it has none. Loads nothing. */
export function tokenStorage(profile: ProfileData, configPath: string): TokenStorage | undefined {
  if (profile.keyring_account) return { kind: 'keyring', item: `${KEYRING_SERVICE}/${profile.keyring_account}` };
  if (profile.token) return { kind: 'file', path: configPath };
  return undefined;
}

/**
 * The profile's stored tokens; undefined when it has none. Exit 4 (AuthRequiredError) when
 * they are in a keyring this process cannot use, or the keyring no longer holds them.
 */
export async function readStoredTokens(profile: ProfileData, profileName: string): Promise<StoredTokens | undefined> {
  const account = profile.keyring_account;
  const recorded = recordedBinding(profile);
  if (!account) {
    return profile.token
      ? {
          accessToken: profile.token,
          refreshToken: profile.refresh_token,
          expiresAt: profile.token_expires_at,
          ...recorded,
        }
      : undefined;
  }
  let value: string | undefined;
  try {
    value = await (await openKeyringItem(account)).read();
  } catch (error) {
    if (!(error instanceof KeyringUnusableError)) throw error;
    throw new AuthRequiredError(
      `the token of profile ${profileName} is kept in the OS keyring, which cannot be used here (${error.reason}): unlock it, set PWCTL_TOKEN, or run \`pwctl auth login --insecure-storage\``,
    );
  }
  const tokens = value === undefined ? undefined : parseItem(value);
  if (!tokens) {
    throw new AuthRequiredError(
      `the OS keyring holds no token for profile ${profileName} (item ${KEYRING_SERVICE}/${account}; it may be locked, or was removed): run \`pwctl auth login\``,
    );
  }
  // The item's own binding travels with the tokens; one written before bindings has none,
  // and then the profile's (recorded by a `config` change) is the one.
  return tokens.service ? tokens : { ...tokens, ...recorded };
}

/**
 * Bind a login stored before bindings to the profile's base_url (./token-binding.ts); run
 * it inside `store.updateProfile`, so that processes reading the same old store agree. The
 * profile's fields are the binding; the keyring item gets it as well when it can be written.
 * Exit 4 when the profile has no base_url to bind to.
 */
export async function bindStoredTokens(profile: ProfileData, profileName: string): Promise<BoundTokens | undefined> {
  const tokens = await readStoredTokens(profile, profileName);
  if (!tokens) return undefined;
  if (tokens.service) return { ...tokens, service: tokens.service };
  const binding = legacyBinding(profile, Boolean(tokens.refreshToken));
  if (!binding) {
    throw new AuthRequiredError(
      `the token of profile ${profileName} was stored before pwctl recorded the service a token belongs to, and the profile has no base_url to say which: run \`pwctl config set base_url <its service URL>${profileName === DEFAULT_PROFILE ? '' : ` --profile ${profileName}`}\`, or sign in again with \`${loginCommand(profileName)} --base-url <url>\``,
    );
  }
  const bound = { ...tokens, ...binding };
  recordBinding(profile, binding);
  if (profile.keyring_account) {
    try {
      await (await openKeyringItem(profile.keyring_account)).write(serialiseItem(bound));
    } catch (error) {
      // The item was read a moment ago; should it refuse a write now, the profile's fields still bind it.
      if (!(error instanceof KeyringUnusableError)) throw error;
    }
  }
  return bound;
}

/** Replace the tokens where the profile already keeps them (a renewal), with their binding. File tokens are changed in `profile`. */
export async function replaceStoredTokens(
  profile: ProfileData,
  profileName: string,
  tokens: BoundTokens,
): Promise<void> {
  const account = profile.keyring_account;
  recordBinding(profile, tokens);
  if (!account) {
    setFileTokens(profile, tokens);
    return;
  }
  try {
    await (await openKeyringItem(account)).write(serialiseItem(tokens));
  } catch (error) {
    if (!(error instanceof KeyringUnusableError)) throw error;
    throw new AuthRequiredError(
      `renewed the token of profile ${profileName} but could not store it in the OS keyring (${error.reason}): run \`pwctl auth login\``,
    );
  }
}

export interface LoginStorage {
  storage: TokenStorage;
  /** Why the keyring was not used, when the user did not choose the file. */
  fallbackReason?: string;
}

/**
 * Keep the tokens of a new login: in the keyring, unless `insecure` or no keyring is usable
 * (then in the file, whose path is `configPath`). Changes `profile` to match.
 */
export async function storeLoginTokens(
  profile: ProfileData,
  profileName: string,
  tokens: BoundTokens,
  insecure: boolean,
  configPath: string,
): Promise<LoginStorage> {
  const previous = profile.keyring_account;
  recordBinding(profile, tokens);
  let fallbackReason: string | undefined;
  if (!insecure) {
    // One item per profile of this store: a random part keeps two config directories with
    // a profile of the same name from sharing (and overwriting) one item.
    const account = previous ?? `${profileName}/${randomBytes(4).toString('hex')}`;
    try {
      await writeVerified(account, serialiseItem(tokens));
      profile.keyring_account = account;
      clearFileTokens(profile);
      return { storage: { kind: 'keyring', item: `${KEYRING_SERVICE}/${account}` } };
    } catch (error) {
      if (!(error instanceof KeyringUnusableError)) throw error;
      fallbackReason = error.reason;
    }
  }
  if (previous) await removeKeyringItem(previous);
  delete profile.keyring_account;
  setFileTokens(profile, tokens);
  return { storage: { kind: 'file', path: configPath }, fallbackReason };
}

export interface Removal {
  /** Where tokens were removed from; empty when the profile had none. */
  removedFrom: TokenStorage[];
  /** Set when the keyring item could not be removed (the reference is dropped all the same). */
  keyringProblem?: string;
}

/** Forget the profile's tokens: the keyring item, the file fields, or both. Changes `profile`. */
export async function removeStoredTokens(profile: ProfileData, configPath: string): Promise<Removal> {
  const removal: Removal = { removedFrom: [] };
  const account = profile.keyring_account;
  if (account) {
    removal.keyringProblem = await removeKeyringItem(account);
    removal.removedFrom.push({ kind: 'keyring', item: `${KEYRING_SERVICE}/${account}` });
    delete profile.keyring_account;
  }
  if (profile.token !== undefined || profile.refresh_token !== undefined || profile.token_expires_at !== undefined) {
    removal.removedFrom.push({ kind: 'file', path: configPath });
    clearFileTokens(profile);
  }
  clearBinding(profile);
  return removal;
}

/** Remove a keyring item; the reason when that was not possible. */
async function removeKeyringItem(account: string): Promise<string | undefined> {
  try {
    await (await openKeyringItem(account)).remove();
    return undefined;
  } catch (error) {
    if (error instanceof KeyringUnusableError) return error.reason;
    throw error;
  }
}

function setFileTokens(profile: ProfileData, tokens: TokenSet): void {
  profile.token = tokens.accessToken;
  if (tokens.refreshToken) profile.refresh_token = tokens.refreshToken;
  else delete profile.refresh_token;
  if (tokens.expiresAt) profile.token_expires_at = tokens.expiresAt;
  else delete profile.token_expires_at;
}

function clearFileTokens(profile: ProfileData): void {
  delete profile.token;
  delete profile.refresh_token;
  delete profile.token_expires_at;
}

function serialiseItem(tokens: BoundTokens): string {
  return JSON.stringify({
    token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_at: tokens.expiresAt,
    service: tokens.service,
    token_endpoint: tokens.tokenEndpoint,
  });
}

function parseItem(value: string): StoredTokens | undefined {
  try {
    const item = JSON.parse(value) as {
      token?: unknown;
      refresh_token?: unknown;
      expires_at?: unknown;
      service?: unknown;
      token_endpoint?: unknown;
    };
    if (typeof item.token !== 'string' || item.token === '') return undefined;
    const service = typeof item.service === 'string' && item.service !== '' ? item.service : undefined;
    return {
      accessToken: item.token,
      refreshToken: typeof item.refresh_token === 'string' ? item.refresh_token : undefined,
      expiresAt: typeof item.expires_at === 'string' ? item.expires_at : undefined,
      ...(service
        ? { service, tokenEndpoint: typeof item.token_endpoint === 'string' ? item.token_endpoint : undefined }
        : {}),
    };
  } catch {
    return undefined;
  }
}
