import type { Command } from 'commander';
import { action, type Session } from '../action.js';

export interface LoginOptions {
  withToken?: boolean;
  web?: boolean;
  /** false for --no-browser */
  browser?: boolean;
  /** Keep the tokens in the config file rather than the OS keyring. */
  insecureStorage?: boolean;
}

export function registerAuth(program: Command, session: Session): void {
  const auth = program
    .command('auth')
    .description('sign in, check and remove the credentials of a profile')
    .addHelpText(
      'after',
      '\nThe token comes from PWCTL_TOKEN when set, else from the profile (--profile, PWCTL_PROFILE; default "default").\nA token is never accepted as a flag value: it would show up in shell history and process lists.',
    );

  auth
    .command('login')
    .description('store a token for the profile, after checking that it works')
    .option('--with-token', 'read the token from standard input (for CI and scripts)')
    .option('--web', 'sign in with a browser (OAuth 2.0 authorization code + PKCE)')
    .option('--no-browser', 'with --web: print the sign-in URL instead of opening a browser')
    .option('--insecure-storage', 'keep the tokens in the config file (mode 0600) instead of the OS keyring')
    .addHelpText(
      'after',
      `
Without --with-token or --web, asks for the token on the terminal (input hidden).
Tokens go to the OS keyring (Secret Service, Keychain, Credential Manager); where none is usable,
to the config file (mode 0600), and the login says so.
--base-url and --profile create or update that profile: the token is stored with the URL it was checked against,
and is sent to no other service (another --base-url, PWCTL_BASE_URL or base_url is refused; PWCTL_TOKEN is not).
--web uses the config keys oauth_authorize_url, oauth_token_url and oauth_client_id (defaults: <base_url>/oauth/authorize,
<base_url>/oauth/token, pwctl) and waits up to 5 minutes (PWCTL_OAUTH_TIMEOUT seconds) for the browser.

Examples:
  pwctl auth login --base-url https://pm.example.com
  printf '%s' "$PM_TOKEN" | pwctl auth login --with-token
  pwctl auth login --profile staging --base-url https://staging.example.com --web`,
    )
    .action(action(session, async (ctx, opts: LoginOptions) => (await import('./login.js')).run(ctx, opts)));

  auth
    .command('status')
    .description('list every stored profile (the active one marked *): base URL, where its token is kept, and whether a test request works (exit 4 if the active profile\'s token is missing or refused, 7 if its service cannot be reached)')
    .action(action(session, async (ctx) => (await import('./status.js')).run(ctx)));

  auth
    .command('switch')
    .description('make a stored profile the default (--profile and PWCTL_PROFILE still override it)')
    .argument('<profile>', 'a stored profile')
    .action(action(session, async (ctx, profile: string) => (await import('./switch.js')).run(ctx, profile)));

  auth
    .command('token')
    .description('print the active token on stdout, for scripts (renewed first if it is about to expire)')
    .action(action(session, async (ctx) => (await import('./token.js')).run(ctx)));

  auth
    .command('logout')
    .description("remove the profile's stored tokens (other settings stay)")
    .action(action(session, async (ctx) => (await import('./logout.js')).run(ctx)));
}
