import type { RunOf } from '../declare.js';
import type { token } from './index.js';
import { AuthRequiredError } from '../../errors.js';

/** The only command that prints a token: for `$(pwctl auth token)` in scripts. */
export const run: RunOf<typeof token> = async (ctx) => {
  const settings = ctx.settings;
  if (!settings.sandbox && settings.tokenSource === undefined) {
    throw new AuthRequiredError(
      `no token for profile ${ctx.profileName}: run \`pwctl auth login\`, or set PWCTL_TOKEN`,
    );
  }
  // PWCTL_TOKEN is printed as it is, without a request. A stored token is read where it is
  // kept (the keyring, the config file) by the client, which renews an OAuth token first
  // when it is about to expire.
  const value = settings.tokenSource === 'env' && !settings.sandbox ? settings.token! : (await ctx.api()).token;
  await ctx.output.raw(`${value}\n`);
};
