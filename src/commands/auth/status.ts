import type { ApiError } from '../../api/errors.js';
import { checkToken } from '../../auth/check-token.js';
import { maskToken } from '../../auth/mask-token.js';
import { readStoredTokens, tokenStorage } from '../../auth/stored-credentials.js';
import { loginService } from '../../auth/token-binding.js';
import { AuthRequiredError } from '../../errors.js';
import { AUTH_STATUS_VIEW, type AuthStatus } from './views.js';
import type { Ctx } from '../context.js';
import type { RunOf } from '../declare.js';
import type { status as statusVerb } from './index.js';

interface Inspection {
  status: AuthStatus;
  failure?: unknown;
}

/**
 * Every stored profile, each checked with one request, the active one marked. The exit code
 * is the active profile's: another profile's expired login does not fail a script that
 * asks whether it is signed in.
 */
export const run: RunOf<typeof statusVerb> = async (ctx) => {
  ctx.output.checkFields(AUTH_STATUS_VIEW);
  const active = ctx.profileName;
  const names = [...new Set([active, ...Object.keys(ctx.store.read().profiles ?? {})])].sort();
  const inspections = await Promise.all(
    names.map((name) => (name === active ? inspect(ctx, true) : inspectStored(ctx, name))),
  );
  await ctx.output.list(
    inspections.map((i) => i.status),
    AUTH_STATUS_VIEW,
  );
  const mine = inspections.find((i) => i.status.active)!;
  if (mine.failure !== undefined) throw exitFor(mine.status, mine.failure);
};

/**
 * Another profile as stored: what `--profile <name>` would use, less the overrides this
 * command was given for the active one (--base-url, --sandbox, PWCTL_TOKEN, PWCTL_BASE_URL).
 */
async function inspectStored(ctx: Ctx, name: string): Promise<Inspection> {
  const other = ctx.storedProfile(name);
  try {
    return await inspect(other, false);
  } finally {
    await other.close();
  }
}

async function inspect(ctx: Ctx, active: boolean): Promise<Inspection> {
  const settings = ctx.settings;
  const stored = tokenStorage(ctx.store.profile(ctx.profileName), ctx.store.path);
  const fromStore = !settings.sandbox && settings.tokenSource !== 'env' && stored !== undefined;
  const status: AuthStatus = {
    profile: ctx.profileName,
    active,
    base_url: settings.sandbox ? null : (settings.baseUrl ?? null),
    service: fromStore ? (loginService(ctx.store.profile(ctx.profileName)) ?? null) : null,
    token_source: settings.sandbox ? 'sandbox' : (settings.tokenSource ?? null),
    token_location: settings.sandbox
      ? 'embedded sandbox'
      : settings.tokenSource === 'env'
        ? 'PWCTL_TOKEN'
        : !stored
          ? null
          : stored.kind === 'keyring'
            ? stored.item
            : stored.path,
    token: settings.token && !settings.sandbox ? maskToken(settings.token) : null,
    expires_at: null,
    refresh_token: false,
    valid: false,
    companies: [],
    error: null,
  };
  try {
    const client = await ctx.api();
    const { companies } = await checkToken(client);
    // The client may have renewed the token on the way; show what is stored now.
    const tokens = fromStore
      ? await readStoredTokens(ctx.store.reread().profiles?.[ctx.profileName] ?? {}, ctx.profileName)
      : undefined;
    return {
      status: {
        ...status,
        base_url: settings.sandbox ? null : client.base,
        service: tokens?.service ?? status.service,
        token: client.token && !settings.sandbox ? maskToken(client.token) : null,
        expires_at: tokens?.expiresAt ?? null,
        refresh_token: Boolean(tokens?.refreshToken),
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
  // A config store that cannot be read or locked is its own failure (exit 1), not a login problem.
  if (error?.name === 'ConfigError') return failure;
  if (error?.name !== 'ApiError') return new AuthRequiredError(status.error ?? 'not signed in');
  if (error.kind !== 'unauthorized' && error.kind !== 'forbidden') return failure;
  const next = status.token_source === 'env' ? 'check PWCTL_TOKEN' : 'run `pwctl auth login`';
  return new AuthRequiredError(
    `profile ${status.profile}: the token was refused (${error.message})${/auth login/.test(error.message) ? '' : `: ${next}`}`,
  );
}
