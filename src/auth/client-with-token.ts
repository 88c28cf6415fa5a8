// An API client for a token that is not (yet) the profile's: the one `auth login` is about
// to store. Same user agent, timeout and redacted trace as the context's own client.
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { escapeInline } from '../output/sanitize.js';
import { VERSION } from '../version.js';

export async function createClientWithToken(ctx: Context, baseUrl: string, token: string): Promise<ApiClient> {
  const { ApiClient } = await import('../api/client.js');
  const client = new ApiClient({
    baseUrl,
    token,
    timeoutMs: ctx.settings.timeoutMs,
    network: { caFile: ctx.settings.caFile, env: ctx.env },
    userAgent: `pwctl/${VERSION} (node ${process.version}; ${process.platform})`,
    secrets: [token, ...ctx.secrets()],
    trace: ctx.settings.debug ? (line) => ctx.io.stderr.write(`debug: ${escapeInline(line)}\n`) : undefined,
  });
  ctx.onClose(() => client.close());
  return client;
}
