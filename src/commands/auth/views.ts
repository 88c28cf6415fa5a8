import type { Ref } from '../../api/types.js';
import { describeCompanies } from '../../auth/check-token.js';
import { describeExpiry } from '../../auth/token-expiry.js';
import type { TokenSource } from '../../config/settings.js';
import type { Column, View } from '../../output/view.js';

/** What `auth status` reports for one profile (the shape of its -o json output). */
export interface AuthStatus {
  profile: string;
  active: boolean;
  base_url: string | null;
  token_source: TokenSource | null;
  /** "PWCTL_TOKEN", the config file's path, or "embedded sandbox". */
  token_location: string | null;
  /** Masked to its last 4 characters. */
  token: string | null;
  expires_at: string | null;
  refresh_token: boolean;
  /** Whether the test request succeeded. */
  valid: boolean;
  companies: Ref[];
  error: string | null;
}

const FIELDS = ['profile', 'active', 'base_url', 'token_source', 'token_location', 'token', 'expires_at', 'refresh_token', 'valid', 'companies', 'error'];

function source(s: AuthStatus): string {
  switch (s.token_source) {
    case 'env':
      return 'environment (PWCTL_TOKEN)';
    case 'config':
      return `config file ${s.token_location}`;
    case 'sandbox':
      return 'embedded sandbox';
    default:
      return 'none';
  }
}

function expires(s: AuthStatus): string {
  return s.expires_at ? `${s.expires_at} (${describeExpiry(s.expires_at)})` : s.token ? 'unknown' : '';
}

function outcome(s: AuthStatus): string {
  if (!s.valid) return `failed: ${s.error ?? 'unknown error'}`;
  return s.companies.length > 0 ? `ok, reaches ${describeCompanies(s.companies)}` : 'ok';
}

const DETAIL: Column<AuthStatus>[] = [
  { header: 'PROFILE', value: (s) => s.profile },
  { header: 'BASE URL', value: (s) => s.base_url ?? 'not set' },
  { header: 'TOKEN SOURCE', value: source },
  { header: 'TOKEN', value: (s) => s.token ?? 'none' },
  { header: 'EXPIRES', value: expires },
  { header: 'REFRESH TOKEN', value: (s) => (s.refresh_token ? 'stored' : 'none') },
  { header: 'STATUS', value: outcome },
];

export const AUTH_STATUS_VIEW: View<AuthStatus> = {
  fields: FIELDS,
  columns: [
    { header: 'PROFILE', value: (s) => (s.active ? `${s.profile} *` : s.profile), fit: 'whole' },
    { header: 'BASE URL', value: (s) => s.base_url, fit: 'whole' },
    { header: 'SOURCE', value: (s) => s.token_source ?? 'none', fit: 'whole' },
    { header: 'TOKEN', value: (s) => s.token, fit: 'whole' },
    { header: 'EXPIRES', value: expires, fit: 'shrink' },
    { header: 'STATUS', value: outcome, fit: 'shrink' },
  ],
  detail: DETAIL,
};
