// An API client for a token that is not (yet) the profile's: the one `auth login` is about
// to store. Same user agent, timeout and redacted trace as the factory's own client.
import type { ApiClient } from '../api/client.js';
import type { Factory } from '../factory.js';

export async function createClientWithToken(ctx: Factory, baseUrl: string, token: string): Promise<ApiClient> {
  const [{ ApiClient }, { USER_AGENT, knownSecrets, traceSink }, { waitBounds }] = await Promise.all([import('../api/client.js'), import('../connect.js'), import('../api/retry-policy.js')]);
  const client = new ApiClient({
    baseUrl,
    token,
    timeoutMs: ctx.settings.timeoutMs,
    maxResponseBytes: ctx.settings.maxResponseBytes,
    policy: waitBounds(ctx.settings.maxWaitSeconds),
    network: { caFile: ctx.settings.caFile, env: ctx.env },
    userAgent: USER_AGENT,
    secrets: [token, ...knownSecrets(ctx)],
    trace: traceSink(ctx),
  });
  ctx.onClose(() => client.close());
  return client;
}
