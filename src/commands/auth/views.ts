import { REF_FIELDS, type Ref } from '../../api/types.js';
import { describeCompanies } from '../../auth/check-token.js';
import { describeExpiry } from '../../auth/token-expiry.js';
import type { TokenSource } from '../../config/settings.js';
import { shortDate, type View } from '../../output/view.js';

/** What `auth status` reports for one profile (the shape of each record of its -o json output). */
export interface AuthStatus {
  profile: string;
  /** The profile this command ran with (--profile, PWCTL_PROFILE, `auth switch`, else "default"). */
  active: boolean;
  base_url: string | null;
  /**
   * The service the stored login belongs to (the origin of the base URL at login): its token
   * is sent nowhere else. Null when the token in use is not a stored one (PWCTL_TOKEN, the sandbox).
   */
  service: string | null;
  token_source: TokenSource | null;
  /** "PWCTL_TOKEN", the keyring item ("pwctl/<account>"), the config file's path, or "embedded sandbox". */
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

const FIELDS = [
  'profile',
  'active',
  'base_url',
  'service',
  'token_source',
  'token_location',
  'token',
  'expires_at',
  'refresh_token',
  'valid',
  'companies',
  'error',
];

/** Where the token comes from, in the contract's words: `environment (PWCTL_TOKEN)`, `keyring`, `file <path>`. */
export function describeSource(s: AuthStatus): string {
  switch (s.token_source) {
    case 'env':
      return 'environment (PWCTL_TOKEN)';
    case 'keyring':
      return 'keyring';
    case 'file':
      return `file ${s.token_location}`;
    case 'sandbox':
      return 'embedded sandbox';
    default:
      return 'none';
  }
}

function expires(s: AuthStatus): string {
  return s.expires_at ? `${shortDate(s.expires_at)} (${describeExpiry(s.expires_at)})` : s.token ? 'unknown' : '';
}

function outcome(s: AuthStatus): string {
  if (!s.valid) return `failed: ${s.error ?? 'unknown error'}`;
  return s.companies.length > 0 ? `ok, reaches ${describeCompanies(s.companies)}` : 'ok';
}

export const AUTH_STATUS_VIEW: View<AuthStatus> = {
  fields: FIELDS,
  nested: { companies: REF_FIELDS },
  columns: [
    // What `auth status` is for (the contract's list): the profile, its base URL, where its
    // token is kept, the token masked and whether it works. On a narrow terminal the rest
    // goes first, a config file's path is shortened in the middle, and the status wraps.
    { header: 'PROFILE', field: 'profile', value: (s) => (s.active ? `${s.profile} *` : s.profile), fit: 'whole' },
    { header: 'BASE URL', field: 'base_url', value: (s) => s.base_url ?? 'not set', fit: 'whole' },
    // The origin of the base URL unless the profile is bound elsewhere, which STATUS then says.
    { header: 'SIGNED IN TO', field: 'service', value: (s) => s.service ?? '', fit: 'whole', optional: true },
    { header: 'TOKEN FROM', field: 'token_source', value: describeSource, fit: 'path' },
    { header: 'TOKEN', field: 'token', value: (s) => s.token ?? 'none', fit: 'whole' },
    { header: 'EXPIRES', field: 'expires_at', value: expires, fit: 'shrink', optional: true },
    {
      header: 'REFRESH',
      field: 'refresh_token',
      value: (s) => (s.refresh_token ? 'stored' : ''),
      fit: 'whole',
      optional: true,
    },
    { header: 'STATUS', field: 'valid', value: outcome, fit: 'wrap' },
  ],
};
