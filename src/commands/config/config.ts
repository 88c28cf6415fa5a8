import { bindUnboundLogin, loginNotices } from '../../auth/token-binding.js';
import { CONFIG_KEYS, findConfigKey } from '../../config/keys.js';
import type { ProfileData } from '../../config/store.js';
import type { Factory } from '../../factory.js';
import { escapeInline } from '../../output/sanitize.js';
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

function stored(ctx: Factory, key: string): unknown {
  return (ctx.store.profile(ctx.profileName) as Record<string, unknown>)[key];
}

export async function getKey(ctx: Factory, key: string): Promise<void> {
  findConfigKey(key);
  const value = stored(ctx, key);
  if (value === undefined) return;
  // The bare value whatever -o says, so that `$(pwctl config get base_url)` works.
  await ctx.output.raw(`${String(value)}\n`);
}

export async function setKey(ctx: Factory, key: string, value: string): Promise<void> {
  const parsed = findConfigKey(key).parse(value);
  const notices = await changeProfile(ctx, (profile) => {
    (profile as Record<string, unknown>)[key] = parsed;
  });
  // Turning the id cache off also forgets what it held.
  if (key === 'completion_cache' && parsed === false) (await import('../../completion/id-cache.js')).forgetIds(ctx.store.dir, ctx.profileName);
  ctx.io.notice(`✓ ${key} set for profile ${ctx.profileName}`);
  for (const notice of notices) ctx.io.notice(escapeInline(notice));
}

export async function unsetKey(ctx: Factory, key: string): Promise<void> {
  findConfigKey(key);
  const notices = await changeProfile(ctx, (profile) => {
    delete (profile as Record<string, unknown>)[key as keyof ProfileData];
  });
  ctx.io.notice(`✓ ${key} unset for profile ${ctx.profileName}`);
  for (const notice of notices) ctx.io.notice(escapeInline(notice));
}

/**
 * Change the profile under the store's lock. A login stored before tokens were bound to their
 * service is bound first, to the base_url and token endpoint it was made with, so that a new
 * base_url or oauth_token_url cannot become its service. Returns what the change does not
 * change for the login (src/auth/token-binding.ts), to tell the user.
 */
function changeProfile(ctx: Factory, change: (profile: ProfileData) => void): Promise<string[]> {
  return ctx.store.updateProfile(ctx.profileName, (profile) => {
    bindUnboundLogin(profile);
    const before = { ...profile };
    change(profile);
    return loginNotices(before, profile, ctx.profileName);
  });
}

export async function listKeys(ctx: Factory): Promise<void> {
  const profile = ctx.store.profile(ctx.profileName) as Record<string, unknown>;
  const entries = CONFIG_KEYS.filter((k) => profile[k.name] !== undefined).map((k) => ({ key: k.name, value: profile[k.name] }));
  if (ctx.settings.output === 'table') await ctx.output.list(entries, KEY_VALUE_VIEW);
  else await ctx.output.value(Object.fromEntries(entries.map((e) => [e.key, e.value])));
}

export async function printPath(ctx: Factory): Promise<void> {
  await ctx.output.raw(`${ctx.store.path}\n`);
}
