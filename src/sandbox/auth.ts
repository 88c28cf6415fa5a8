// Bearer tokens → users, and the role a user plays.
import { randomBytes } from 'node:crypto';
import type { AuthState, Role, SandboxState, UserRecord } from './state.js';

/** Which seeded user each role token signs in as. */
export const ROLE_USER_IDS: Record<Role, number> = { manager: 1, member: 2, client: 3 };

export function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

/** Fresh, random role tokens (never expiring); random so that a sandbox bound to a
 * non-loopback address does not accept guessable credentials. */
export function newAuthState(): AuthState {
  const auth: AuthState = {
    role_tokens: { manager: newToken('sbx_manager'), member: newToken('sbx_member'), client: newToken('sbx_client') },
    access_tokens: {},
    refresh_tokens: {},
  };
  for (const role of Object.keys(ROLE_USER_IDS) as Role[]) {
    auth.access_tokens[auth.role_tokens[role]] = { user_id: ROLE_USER_IDS[role], expires_at: null };
  }
  return auth;
}

export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1] ?? null;
}

/** The user a token acts as, or null when it is unknown or expired. */
export function userForToken(state: SandboxState, token: string | null, nowMs = Date.now()): UserRecord | null {
  if (!token) return null;
  const record = Object.hasOwn(state.auth.access_tokens, token) ? state.auth.access_tokens[token] : undefined;
  if (!record) return null;
  if (record.expires_at !== null && record.expires_at <= nowMs) return null;
  return state.users[record.user_id] ?? null;
}

export function roleOf(user: UserRecord): Role {
  if (user.client_id !== null) return 'client';
  return user.memberships.some((m) => m.role === 'manager') ? 'manager' : 'member';
}

export function issueAccessToken(state: SandboxState, userId: number, ttlSec: number, nowMs = Date.now()): string {
  pruneExpired(state, nowMs);
  const token = newToken('sbx_oauth');
  state.auth.access_tokens[token] = { user_id: userId, expires_at: nowMs + ttlSec * 1000 };
  return token;
}

function pruneExpired(state: SandboxState, nowMs: number): void {
  for (const [token, record] of Object.entries(state.auth.access_tokens)) {
    if (record.expires_at !== null && record.expires_at <= nowMs) delete state.auth.access_tokens[token];
  }
}
