import type { ApiError } from '../../api/errors.js';
import { checkToken } from '../../auth/check-token.js';
import { maskToken } from '../../auth/mask-token.js';
import { Factory } from '../../factory.js';
import { AuthRequiredError } from '../../errors.js';
import type { StatusOptions } from './index.js';
import { AUTH_STATUS_VIEW, type AuthStatus } from './views.js';

interface Inspection {
  status: AuthStatus;
  failure?: unknown;
}

export async function run(ctx: Factory, opts: StatusOptions): Promise<void> {
  ctx.output.checkFields(AUTH_STATUS_VIEW);
  if (!opts.all) {
    const { status, failure } = await inspect(ctx, true);
    await ctx.output.record(status, AUTH_STATUS_VIEW);
    if (failure !== undefined) throw exitFor(status, failure);
    return;
  }

  const names = new Set([ctx.profileName, ...Object.keys(ctx.store.read().profiles ?? {}).sort()]);
  const inspections: Inspection[] = [];
  for (const name of names) {
    if (name === ctx.profileName) {
      inspections.push(await inspect(ctx, true));
      continue;
    }
    // A context per profile resolves exactly what `pwctl --profile <name> …` would use.
    const other = new Factory({ ...ctx.flags, profile: name }, ctx.env, ctx.io);
    try {
      inspections.push(await inspect(other, false));
    } finally {
      await other.close();
    }
  }
  await ctx.output.list(inspections.map((i) => i.status), AUTH_STATUS_VIEW);
  const failed = inspections.find((i) => i.failure !== undefined);
  if (failed) throw exitFor(failed.status, failed.failure);
}

async function inspect(ctx: Factory, active: boolean): Promise<Inspection> {
  const settings = ctx.settings;
  const stored = ctx.store.profile(ctx.profileName);
  const fromConfig = settings.tokenSource === 'config' && !settings.sandbox;
  const status: AuthStatus = {
    profile: ctx.profileName,
    active,
    base_url: settings.sandbox ? null : (settings.baseUrl ?? null),
    token_source: settings.sandbox ? 'sandbox' : (settings.tokenSource ?? null),
    token_location: settings.sandbox ? 'embedded sandbox' : settings.tokenSource === 'env' ? 'PWCTL_TOKEN' : fromConfig ? ctx.store.path : null,
    token: settings.token && !settings.sandbox ? maskToken(settings.token) : null,
    expires_at: fromConfig ? (stored.token_expires_at ?? null) : null,
    refresh_token: fromConfig && Boolean(stored.refresh_token),
    valid: false,
    companies: [],
    error: null,
  };
  try {
    const client = await ctx.api();
    const { companies } = await checkToken(client);
    // The client may have renewed the token on the way; show what is stored now.
    const now = ctx.store.profile(ctx.profileName);
    return {
      status: {
        ...status,
        base_url: client.base,
        token: client.token ? maskToken(client.token) : null,
        expires_at: fromConfig ? (now.token_expires_at ?? null) : null,
        refresh_token: fromConfig && Boolean(now.refresh_token),
        valid: true,
        companies,
      },
    };
  } catch (error) {
    return { status: { ...status, error: error instanceof Error ? error.message : String(error) }, failure: error };
  }
}

/** Rejected or missing credentials exit 4; a service that cannot be reached keeps its own code (7). */
function exitFor(status: AuthStatus, failure: unknown): unknown {
  const error = failure as Partial<ApiError> & Error;
  if (error?.name !== 'ApiError') return new AuthRequiredError(status.error ?? 'not signed in');
  if (error.kind !== 'unauthorized' && error.kind !== 'forbidden') return failure;
  const next = status.token_source === 'env' ? 'check PWCTL_TOKEN' : 'run `pwctl auth login`';
  return new AuthRequiredError(`profile ${status.profile}: the token was refused (${error.message})${/auth login/.test(error.message) ? '' : `: ${next}`}`);
}
