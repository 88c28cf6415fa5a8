// pwctl's local copy of the Project Work Service: startSandbox() runs it on a port.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxCore } from './core.js';
import { createRequestListener } from './server.js';
import type { RunningSandbox, SandboxOptions } from './types.js';

export type * from './types.js';
export { DEFAULT_PER_PAGE } from './pagination.js';
export { SANDBOX_DEFAULTS } from './core.js';
export { signBody } from './deliveries.js';
export { seedDocumentUuid } from './seed.js';

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const core = new SandboxCore(options);
  const server = createServer(createRequestListener(core));
  // Clients keep connections alive; a short idle timeout keeps close() and tests prompt.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(core.options.port, core.options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  core.options.port = port;
  const host = core.options.host.includes(':') ? `[${core.options.host}]` : core.options.host;

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await core.queue.flush();
      core.persistNow();
      server.closeAllConnections();
      await closed;
    })());

  return {
    baseUrl: `http://${host}:${port}`,
    tokens: { ...core.state.auth.role_tokens },
    state: core.state,
    requests: core.requests,
    deliveries: core.deliveries,
    faults: core.faults,
    flushDeliveries: () => core.queue.flush(),
    reset: (seed) => core.reset(seed),
    createProject: (input) => core.createProject(input),
    updatePhase: (id, patch) => core.updatePhase(id, patch),
    redeliver: (id) => core.queue.redeliver(id),
    close,
  };
}
