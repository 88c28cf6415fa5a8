// Signing in, and the credentials of profiles: every verb, declared once.
import { bind, nounBody, verb } from '../declare.js';
import { flag, raw } from '../flags.js';

export const login = verb({
  name: 'login',
  summary: 'store a token for the profile, after checking that it works',
  details: `Without --with-token or --web, asks for the token on the terminal (input hidden).
Tokens go to the OS keyring (Secret Service, Keychain, Credential Manager); where none is usable,
to the config file (mode 0600), and the login says so.
--base-url and --profile create or update that profile: the token is stored with the URL it was checked against,
and is sent to no other service (another --base-url, PWCTL_BASE_URL or base_url is refused; PWCTL_TOKEN is not).
--web uses the config keys oauth_authorize_url, oauth_token_url and oauth_client_id (defaults: <base_url>/oauth/authorize,
<base_url>/oauth/token, pwctl) and waits up to 5 minutes (PWCTL_OAUTH_TIMEOUT seconds) for the browser.`,
  flags: () => ({
    withToken: flag('--with-token', 'read the token from standard input (for CI and scripts)'),
    web: flag('--web', 'sign in with a browser (OAuth 2.0 authorization code + PKCE)'),
    browser: flag('--no-browser', 'with --web: print the sign-in URL instead of opening a browser'),
    insecureStorage: flag(
      '--insecure-storage',
      'keep the tokens in the config file (mode 0600) instead of the OS keyring',
    ),
  }),
  rules: [{ exclusive: ['withToken', 'web'] }, { requires: ['browser', 'web'] }],
  examples: [
    'pwctl auth login --base-url https://pm.example.com',
    'printf \'%s\' "$PM_TOKEN" | pwctl auth login --with-token',
    'pwctl auth login --profile staging --base-url https://staging.example.com --web',
  ],
  effects: { prints: 'text' },
});

export const status = verb({
  name: 'status',
  summary:
    "list every stored profile (the active one marked *): base URL, where its token is kept, and whether a test request works (exit 4 if the active profile's token is missing or refused, 7 if its service cannot be reached)",
  flags: () => ({}),
  examples: ['pwctl auth status', 'pwctl auth status -o json'],
});

export const switchProfile = verb({
  name: 'switch',
  summary: 'make a stored profile the default (--profile and PWCTL_PROFILE still override it)',
  flags: () => ({ profile: raw('<profile>', 'a stored profile', { required: true, complete: { profiles: true } }) }),
  examples: ['pwctl auth switch staging'],
  effects: { offline: true, prints: 'text' },
});

export const token = verb({
  name: 'token',
  summary: 'print the active token on stdout, for scripts (renewed first if it is about to expire)',
  flags: () => ({}),
  examples: ['curl -H "Authorization: Bearer $(pwctl auth token)" https://pm.example.com/api/v1/steps'],
  effects: { prints: 'text' },
});

export const logout = verb({
  name: 'logout',
  summary: "remove the profile's stored tokens (other settings stay)",
  flags: () => ({}),
  examples: ['pwctl auth logout', 'pwctl --profile staging auth logout'],
  effects: { offline: true, prints: 'text' },
});

export const auth = nounBody({
  details:
    '\nThe token comes from PWCTL_TOKEN when set, else from the profile (--profile, PWCTL_PROFILE; default "default").\nA token is never accepted as a flag value: it would show up in shell history and process lists.',
  examples: [
    'pwctl auth login',
    'printf %s "$TOKEN" | pwctl auth login --with-token',
    'pwctl auth login --profile staging --base-url https://staging.example.com',
    'pwctl auth status',
  ],
  commands: [
    bind(login, () => import('./login.js')),
    bind(status, () => import('./status.js')),
    bind(switchProfile, () => import('./switch.js')),
    bind(token, () => import('./token.js')),
    bind(logout, () => import('./logout.js')),
  ],
});
