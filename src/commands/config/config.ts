import { bindUnboundLogin, loginNotices } from '../../auth/token-binding.js';
import { CONFIG_KEYS, findConfigKey } from '../../config/keys.js';
import type { ProfileData } from '../../config/store.js';
import type { Ctx } from '../context.js';
import type { RunOf } from '../declare.js';
import type { get, list, path, set, unset } from './index.js';
import { escapeInline } from '../../io/sanitize.js';
import type { View } from '../../output/view.js';

interface KeyValue {
  key: string;
  value: unknown;
}

const KEY_VALUE_VIEW: View<KeyValue> = {
  fields: ['key', 'value'],
  columns: [
    { header: 'KEY', value: (r) => r.key },
    { header: 'VALUE', value: (r) => r.value },
  ],
};

function stored(ctx: Ctx, key: string): unknown {
  return (ctx.store.profile(ctx.profileName) as Record<string, unknown>)[key];
}

export const getKey: RunOf<typeof get> = async (ctx, { key }) => {
  findConfigKey(key);
  const value = stored(ctx, key);
  if (value === undefined) return;
  // The bare value whatever -o says, so that `$(pwctl config get base_url)` works.
  await ctx.output.raw(`${String(value)}\n`);
};

export const setKey: RunOf<typeof set> = async (ctx, { key, value }) => {
  const parsed = findConfigKey(key).parse(value);
  const notices = await changeProfile(ctx, (profile) => {
    (profile as Record<string, unknown>)[key] = parsed;
  });
  // Turning the id cache off also forgets what it held.
  if (key === 'completion_cache' && parsed === false)
    (await import('../../completion/id-cache.js')).forgetIds(ctx.store.dir, ctx.profileName);
  ctx.io.notice(`✓ ${key} set for profile ${ctx.profileName}`);
  for (const notice of notices) ctx.io.notice(escapeInline(notice));
};

export const unsetKey: RunOf<typeof unset> = async (ctx, { key }) => {
  findConfigKey(key);
  const notices = await changeProfile(ctx, (profile) => {
    delete (profile as Record<string, unknown>)[key as keyof ProfileData];
  });
  ctx.io.notice(`✓ ${key} unset for profile ${ctx.profileName}`);
  for (const notice of notices) ctx.io.notice(escapeInline(notice));
};

/**
 * Change the profile under the store's lock. A login stored before tokens were bound to their
 * service is bound first, to the base_url and token endpoint it was made with, so that a new
 * base_url or oauth_token_url cannot become its service. Returns what the change does not
 * change for the login (src/auth/token-binding.ts), to tell the user.
 */
function changeProfile(ctx: Ctx, change: (profile: ProfileData) => void): Promise<string[]> {
  return ctx.store.updateProfile(ctx.profileName, (profile) => {
    bindUnboundLogin(profile);
    const before = { ...profile };
    change(profile);
    return loginNotices(before, profile, ctx.profileName);
  });
}

export const listKeys: RunOf<typeof list> = async (ctx) => {
  const profile = ctx.store.profile(ctx.profileName) as Record<string, unknown>;
  const entries = CONFIG_KEYS.filter((k) => profile[k.name] !== undefined).map((k) => ({
    key: k.name,
    value: profile[k.name],
  }));
  if (ctx.output.tabular) await ctx.output.list(entries, KEY_VALUE_VIEW);
  else await ctx.output.value(Object.fromEntries(entries.map((e) => [e.key, e.value])));
};

export const printPath: RunOf<typeof path> = async (ctx) => {
  await ctx.output.raw(`${ctx.store.path}\n`);
};
