import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';

export async function run(ctx: Factory): Promise<void> {
  if (ctx.settings.sandbox) throw new UsageError('--sandbox has no stored login to remove');
  const name = ctx.profileName;
  const profile = ctx.store.profile(name);
  const had = profile.token !== undefined || profile.refresh_token !== undefined || profile.token_expires_at !== undefined;
  if (had) {
    await ctx.store.updateProfile(name, (p) => {
      delete p.token;
      delete p.refresh_token;
      delete p.token_expires_at;
    });
    ctx.io.notice(`✓ Logged out of profile ${name}: removed its stored token${profile.refresh_token ? ' and refresh token' : ''} from ${ctx.store.path}`);
  } else {
    ctx.io.notice(`profile ${name} has no stored token; nothing to remove`);
  }
  if (ctx.settings.tokenSource === 'env') ctx.io.warn('PWCTL_TOKEN is still set in this environment and is used instead of a stored token');
}
