// The running sandbox minus HTTP: state and its persistence, logs, limiter, faults, the
// delivery queue, OAuth, and the operations the control API and tests drive directly (the
// projects resource does them; this persists the change).
import { newAuthState } from './auth.js';
import { DeliveryQueue } from './deliveries.js';
import { Faults } from './faults.js';
import { OAuthProvider } from './oauth.js';
import { StateWriter, loadStateFile } from './persist.js';
import { RateLimiter } from './rate-limit.js';
import {
  createProject,
  updatePhase,
  type CreateProjectInput,
  type PhaseRecord,
  type ProjectRecord,
  type UpdatePhaseInput,
} from './resources/index.js';
import type { EmitEvent } from './routing.js';
import { seedData } from './seed.js';
import { STATE_VERSION, replaceData, type SandboxState, type SeedName } from './state.js';
import type { DeliveryLogEntry, RequestLogEntry, SandboxOptions } from './types.js';

/** Defaults in one place. */
export const SANDBOX_DEFAULTS = {
  port: 0,
  host: '127.0.0.1',
  seed: 'demo' as SeedName,
  rateLimit: 60,
  rateWindowSec: 60,
  extraSteps: 0,
  tokenTtlSec: 3600,
  controlApi: false,
};

export type ResolvedOptions = typeof SANDBOX_DEFAULTS & SandboxOptions;

export class SandboxCore {
  readonly options: ResolvedOptions;
  readonly state: SandboxState;
  readonly requests: RequestLogEntry[] = [];
  readonly deliveries: DeliveryLogEntry[] = [];
  readonly faults = new Faults();
  readonly limiter: RateLimiter;
  readonly queue: DeliveryQueue;
  readonly oauth: OAuthProvider;
  private readonly writer: StateWriter | null;

  constructor(options: SandboxOptions = {}) {
    const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
    this.options = { ...SANDBOX_DEFAULTS, ...defined };
    const loaded = this.options.statePath ? loadStateFile(this.options.statePath) : null;
    this.state = loaded ?? {
      version: STATE_VERSION,
      auth: newAuthState(),
      ...seedData(this.options.seed, this.options.extraSteps),
    };
    this.limiter = new RateLimiter(this.options.rateLimit, this.options.rateWindowSec);
    this.queue = new DeliveryQueue(() => this.state.webhooks, this.deliveries);
    this.oauth = new OAuthProvider({
      state: () => this.state,
      tokenTtlSec: this.options.tokenTtlSec,
      changed: () => this.changed(),
    });
    this.writer = this.options.statePath ? new StateWriter(this.options.statePath, () => this.state) : null;
    if (!loaded) this.writer?.flush();
  }

  readonly emit: EmitEvent = (event, companyId, payload) => this.queue.enqueue(event, companyId, payload);

  /** The state changed: persist it soon. */
  changed(): void {
    this.writer?.schedule();
  }

  persistNow(): void {
    this.writer?.flush();
  }

  logRequest(entry: RequestLogEntry): void {
    this.requests.push(entry);
    const limit = this.options.requestLogLimit;
    if (limit !== undefined && this.requests.length > limit) this.requests.splice(0, this.requests.length - limit);
  }

  reset(seed: SeedName = this.state.seed): void {
    replaceData(this.state, seedData(seed, this.options.extraSteps));
    this.changed();
  }

  createProject(input: CreateProjectInput): ProjectRecord {
    const project = createProject(this.state, this.emit, input);
    this.changed();
    return project;
  }

  updatePhase(id: number, patch: UpdatePhaseInput): PhaseRecord {
    const phase = updatePhase(this.state, this.emit, id, patch);
    this.changed();
    return phase;
  }

  /** Which company a logged delivery belongs to (via its subscription, while it exists). */
  deliveryCompany(entry: DeliveryLogEntry): number | null {
    return this.queue.companyOf(entry.id);
  }
}
