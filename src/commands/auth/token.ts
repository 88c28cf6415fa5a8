import type { Factory } from '../../factory.js';
import { AuthRequiredError } from '../../errors.js';

/** The only command that prints a token: for `$(pwctl auth token)` in scripts. */
export async function run(ctx: Factory): Promise<void> {
  const settings = ctx.settings;
  if (!settings.token && !settings.sandbox) {
    throw new AuthRequiredError(`no token for profile ${ctx.profileName}: run \`pwctl auth login\`, or set PWCTL_TOKEN`);
  }
  let token = settings.token;
  // A stored OAuth token that is about to expire is renewed first (the client does that);
  // other tokens are printed as they are, without a request.
  const stored = ctx.store.profile(ctx.profileName);
  if (settings.sandbox || (settings.tokenSource === 'config' && stored.token_expires_at)) token = (await ctx.api()).token;
  await ctx.output.raw(`${token}\n`);
}
