import { DEFAULT_PROFILE, checkProfileName, unknownProfile } from '../../config/settings.js';
import type { RunOf } from '../declare.js';
import type { switchProfile } from './index.js';

/**
 * `auth switch <profile>`: the default is kept in the config file (`default_profile`), so
 * every later command uses it unless --profile or PWCTL_PROFILE names another.
 */
export const run: RunOf<typeof switchProfile> = async (ctx, opts) => {
  const name = checkProfileName(opts.profile, '<profile>');
  const stored = Object.keys(ctx.store.read().profiles ?? {});
  if (name !== DEFAULT_PROFILE && !stored.includes(name)) throw unknownProfile(name, stored);
  await ctx.store.update((data) => {
    if (name === DEFAULT_PROFILE) delete data.default_profile;
    else data.default_profile = name;
  });
  ctx.io.notice(`✓ ${name} is now the default profile`);
  const env = ctx.env.PWCTL_PROFILE;
  if (env !== undefined && env !== '' && env !== name)
    ctx.io.warn(`PWCTL_PROFILE=${env} is set in this environment and overrides the default`);
};
