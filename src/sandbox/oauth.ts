// OAuth 2.0 authorization-code flow with PKCE (S256 only) for loopback redirect URIs, plus
// refresh tokens rotated on use, as OAuth 2.1 and RFC 9700 (§4.14.2) ask of a public
// client's: each refresh answers a new refresh token and spends the one presented, and
// presenting a spent one again is taken as a sign that it leaked, so the newest refresh
// token of that sign-in is revoked as well. Any client_id is accepted: the sandbox has no
// client registry, but a code is bound to the client_id and redirect_uri it was issued for.
import { createHash, randomBytes } from 'node:crypto';
import { ROLE_USER_IDS, issueAccessToken, newToken } from './auth.js';
import type { ApiResponse } from './routing.js';
import type { AuthState, RefreshTokenRecord, Role, SandboxState } from './state.js';

const CODE_TTL_MS = 10 * 60_000;
const MAX_SPENT_REFRESH_TOKENS = 1_000;
const CHALLENGE_RE = /^[A-Za-z0-9_-]{43,128}$/;
const VERIFIER_RE = /^[A-Za-z0-9._~-]{43,128}$/;
const ROLES = Object.keys(ROLE_USER_IDS) as Role[];

interface CodeGrant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  userId: number;
  expiresAt: number;
}

export interface OAuthHost {
  state(): SandboxState;
  tokenTtlSec: number;
  /** Called after tokens change, so they are persisted. */
  changed(): void;
}

type Params = Record<string, string>;

// What rotation adds to the stored auth state; optional, so state files saved before it load.
interface RotatedRefreshToken extends RefreshTokenRecord {
  /** The sign-in a refresh token descends from: the first refresh token of that sign-in. */
  family?: string;
}
interface RotationState extends AuthState {
  refresh_tokens: Record<string, RotatedRefreshToken>;
  /** Spent refresh token → its family, to recognise a reuse. */
  spent_refresh_tokens?: Record<string, string>;
}

export function isLoopbackRedirect(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && url.hash === '';
  } catch {
    return false;
  }
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function html(status: number, title: string, body: string): ApiResponse {
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}label{display:block;margin:.4rem 0}button{margin-right:.5rem;padding:.4rem 1rem}</style>
</head><body>${body}</body></html>`;
  return { status, text: page, contentType: 'text/html; charset=utf-8' };
}

function redirect(uri: string, params: Params): ApiResponse {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { status: 302, headers: { Location: url.toString() }, text: '', contentType: 'text/plain; charset=utf-8' };
}

function tokenError(error: string, description: string): ApiResponse {
  return { status: 400, json: { error, error_description: description }, headers: { 'Cache-Control': 'no-store' } };
}

export class OAuthProvider {
  private readonly codes = new Map<string, CodeGrant>();

  constructor(private readonly host: OAuthHost) {}

  /** Checks shared by the consent page and its submission. Errors about the client or the
   * redirect URI are shown, never redirected (RFC 6749 §4.1.2.1); the rest are redirected. */
  private checkRequest(p: Params): ApiResponse | null {
    if (!p.client_id) return html(400, 'Invalid request', '<h1>Invalid request</h1><p>client_id is required.</p>');
    if (!p.redirect_uri || !isLoopbackRedirect(p.redirect_uri)) {
      return html(
        400,
        'Invalid redirect URI',
        '<h1>Invalid redirect URI</h1><p>redirect_uri must be a loopback URL such as http://127.0.0.1:&lt;port&gt;/callback or http://localhost:&lt;port&gt;/callback.</p>',
      );
    }
    const fail = (error: string, description: string): ApiResponse =>
      redirect(p.redirect_uri as string, {
        error,
        error_description: description,
        ...(p.state ? { state: p.state } : {}),
      });
    if (p.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
    if (!p.code_challenge || !CHALLENGE_RE.test(p.code_challenge)) {
      return fail('invalid_request', 'code_challenge is required (PKCE, 43-128 base64url characters)');
    }
    if (p.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
    return null;
  }

  consentPage(p: Params): ApiResponse {
    const error = this.checkRequest(p);
    if (error) return error;
    const state = this.host.state();
    const hidden = [
      'client_id',
      'redirect_uri',
      'response_type',
      'code_challenge',
      'code_challenge_method',
      'state',
      'scope',
    ]
      .filter((k) => p[k] !== undefined)
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(p[k] as string)}">`)
      .join('\n');
    const choices = ROLES.map((role) => {
      const user = state.users[ROLE_USER_IDS[role]];
      const name = user ? `${user.name} (${role})` : role;
      return `<label><input type="radio" name="user" value="${role}"${role === 'manager' ? ' checked' : ''}> ${escapeHtml(name)}</label>`;
    }).join('\n');
    return html(
      200,
      'Authorize application',
      `<h1>pwctl sandbox</h1>
<p><strong>${escapeHtml(p.client_id as string)}</strong> wants to access the sandbox on your behalf.</p>
<form method="post" action="/oauth/authorize">
${hidden}
<fieldset><legend>Sign in as</legend>
${choices}
</fieldset>
<p><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button></p>
</form>`,
    );
  }

  approve(p: Params): ApiResponse {
    const error = this.checkRequest(p);
    if (error) return error;
    const redirectUri = p.redirect_uri as string;
    const echo: Params = p.state ? { state: p.state } : {};
    if (p.decision === 'deny') return redirect(redirectUri, { error: 'access_denied', ...echo });
    const role = (p.user ?? 'manager') as Role;
    if (!ROLES.includes(role))
      return redirect(redirectUri, { error: 'invalid_request', error_description: 'unknown user', ...echo });
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, {
      clientId: p.client_id as string,
      redirectUri,
      challenge: p.code_challenge as string,
      userId: ROLE_USER_IDS[role],
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    return redirect(redirectUri, { code, ...echo });
  }

  token(p: Params): ApiResponse {
    switch (p.grant_type) {
      case 'authorization_code':
        return this.exchangeCode(p);
      case 'refresh_token':
        return this.refresh(p);
      case undefined:
      case '':
        return tokenError('invalid_request', 'grant_type is required');
      default:
        return tokenError('unsupported_grant_type', `grant_type ${p.grant_type} is not supported`);
    }
  }

  private exchangeCode(p: Params): ApiResponse {
    for (const name of ['code', 'redirect_uri', 'client_id', 'code_verifier']) {
      if (!p[name]) return tokenError('invalid_request', `${name} is required`);
    }
    const grant = this.codes.get(p.code as string);
    // Single use: a code is spent by any attempt to redeem it.
    this.codes.delete(p.code as string);
    if (!grant || grant.expiresAt <= Date.now())
      return tokenError('invalid_grant', 'the authorization code is invalid, expired or already used');
    if (grant.clientId !== p.client_id) return tokenError('invalid_grant', 'the code was issued to another client_id');
    if (grant.redirectUri !== p.redirect_uri)
      return tokenError('invalid_grant', 'redirect_uri does not match the authorization request');
    if (!VERIFIER_RE.test(p.code_verifier as string) || s256(p.code_verifier as string) !== grant.challenge) {
      return tokenError('invalid_grant', 'code_verifier does not match the code_challenge');
    }
    return this.issue(grant.userId, grant.clientId);
  }

  private refresh(p: Params): ApiResponse {
    const presented = p.refresh_token;
    if (!presented) return tokenError('invalid_request', 'refresh_token is required');
    const auth = this.host.state().auth as RotationState;
    const record = Object.hasOwn(auth.refresh_tokens, presented) ? auth.refresh_tokens[presented] : undefined;
    if (!record) {
      const family =
        auth.spent_refresh_tokens && Object.hasOwn(auth.spent_refresh_tokens, presented)
          ? auth.spent_refresh_tokens[presented]
          : undefined;
      if (family !== undefined) this.revokeFamily(auth, family);
      return tokenError('invalid_grant', 'the refresh token is invalid or was already used');
    }
    if (p.client_id && p.client_id !== record.client_id)
      return tokenError('invalid_grant', 'the refresh token was issued to another client_id');
    const family = record.family ?? presented;
    delete auth.refresh_tokens[presented];
    const spent = (auth.spent_refresh_tokens ??= {});
    spent[presented] = family;
    // Remembered for a bounded number of rotations, like a real server's revocation window.
    const keys = Object.keys(spent);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_SPENT_REFRESH_TOKENS))) delete spent[old];
    return this.issue(record.user_id, record.client_id, family);
  }

  /** A spent refresh token came back: whoever holds the live one of its sign-in may be an attacker. */
  private revokeFamily(auth: RotationState, family: string): void {
    for (const [token, record] of Object.entries(auth.refresh_tokens)) {
      if ((record.family ?? token) === family) delete auth.refresh_tokens[token];
    }
    this.host.changed();
  }

  /** `family`: the sign-in a refreshed token descends from; a new sign-in starts its own. */
  private issue(userId: number, clientId: string, family?: string): ApiResponse {
    const state = this.host.state();
    const accessToken = issueAccessToken(state, userId, this.host.tokenTtlSec);
    const refreshToken = newToken('sbx_refresh');
    (state.auth as RotationState).refresh_tokens[refreshToken] = {
      user_id: userId,
      client_id: clientId,
      family: family ?? refreshToken,
    };
    this.host.changed();
    return {
      status: 200,
      json: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: this.host.tokenTtlSec,
        refresh_token: refreshToken,
      },
      headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
    };
  }
}
