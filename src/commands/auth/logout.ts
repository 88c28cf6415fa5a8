import { removeStoredTokens, tokenStorage, type TokenStorage } from '../../auth/stored-credentials.js';
import type { RunOf } from '../declare.js';
import type { logout } from './index.js';
import { UsageError } from '../../errors.js';

export const run: RunOf<typeof logout> = async (ctx) => {
  if (ctx.settings.sandbox) throw new UsageError('--sandbox has no stored login to remove');
  const name = ctx.profileName;
  const before = ctx.store.profile(name);
  if (
    !tokenStorage(before, ctx.store.path) &&
    before.refresh_token === undefined &&
    before.token_expires_at === undefined
  ) {
    ctx.io.notice(`profile ${name} has no stored token; nothing to remove`);
  } else {
    const removal = await ctx.store.updateProfile(name, (profile) => removeStoredTokens(profile, ctx.store.path));
    const what = before.refresh_token ? 'its stored token and refresh token' : 'its stored token';
    ctx.io.notice(
      `✓ Logged out of profile ${name}: removed ${what} from ${removal.removedFrom.map(describe).join(' and ')}`,
    );
    if (removal.keyringProblem) {
      ctx.io.warn(
        `could not remove the keyring item (${removal.keyringProblem}); it is no longer used: remove it with your keyring manager (service pwctl)`,
      );
    }
  }
  if (ctx.settings.tokenSource === 'env')
    ctx.io.warn('PWCTL_TOKEN is still set in this environment and is used instead of a stored token');
};

function describe(storage: TokenStorage): string {
  return storage.kind === 'keyring' ? `the OS keyring (${storage.item})` : storage.path;
}
