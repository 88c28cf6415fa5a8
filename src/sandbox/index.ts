// pwctl's local copy of the Project Work Service: startSandbox() runs it on a port.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxCore } from './core.js';
import type { CreateProjectInput, PhaseRecord, ProjectRecord, UpdatePhaseInput } from './resources/index.js';
import { createRequestListener } from './server.js';
import type { Role, SandboxState, SeedName } from './state.js';
import type { DeliveryLogEntry, FaultInjector, RequestLogEntry, SandboxOptions } from './types.js';

export type * from './types.js';
export type {
  CreateProjectInput,
  DocumentRecord,
  MilestoneRecord,
  PhaseRecord,
  ProjectRecord,
  StepRecord,
  TagRecord,
  TagSetRecord,
  UpdatePhaseInput,
  WebhookRecord,
} from './resources/index.js';
export { DEFAULT_PER_PAGE } from './pagination.js';
export { SANDBOX_DEFAULTS } from './core.js';
export { signBody } from './deliveries.js';
export { seedDocumentUuid } from './resources/index.js';

export interface RunningSandbox {
  /** 'http://127.0.0.1:<port>' (no /api/v1). */
  baseUrl: string;
  tokens: Record<Role, string>;
  /** The live state, for assertions: read it, don't mutate it. */
  state: SandboxState;
  /** Every HTTP request that reached the API, OAuth or unknown paths, in arrival order
   * (control-API traffic under /_sandbox is not logged). */
  requests: RequestLogEntry[];
  /** Every webhook delivery attempt. */
  deliveries: DeliveryLogEntry[];
  faults: FaultInjector;
  /** Resolves when every queued delivery has been attempted. */
  flushDeliveries(): Promise<void>;
  /** Restore the seed's data in place (default: the seed the state was made with). Keeps
   * tokens and OAuth logins, the request and delivery logs, and fault rules. Record ids
   * restart at the seed's values, so filter logs by position rather than by id. */
  reset(seed?: SeedName): void;
  /** There is no project-create endpoint: this creates one and fires project.created
   * (never for a template). Also reachable as POST /_sandbox/projects. */
  createProject(input: CreateProjectInput): ProjectRecord;
  /** Changes a phase and fires phase.updated. Also reachable as PUT /_sandbox/phases/{id}. */
  updatePhase(id: number, patch: UpdatePhaseInput): PhaseRecord;
  /** Sends an earlier delivery again, byte for byte (duplicate-delivery testing). */
  redeliver(deliveryId: number): Promise<DeliveryLogEntry>;
  /** Flush deliveries, persist state, close the server and its keep-alive sockets. */
  close(): Promise<void>;
}

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
