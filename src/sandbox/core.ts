// The running sandbox minus HTTP: state and its persistence, logs, limiter, faults, the
// delivery queue, OAuth, and the operations the control API and tests drive directly.
import { companyIdOfProject } from './access.js';
import { newAuthState } from './auth.js';
import { isCalendarDate, nowTimestamp } from './clock.js';
import { DeliveryQueue } from './deliveries.js';
import { Faults } from './faults.js';
import { HttpError } from './http-error.js';
import { OAuthProvider } from './oauth.js';
import { StateWriter, loadStateFile } from './persist.js';
import { phasePayload, projectPayload } from './present.js';
import { RateLimiter } from './rate-limit.js';
import type { EmitEvent } from './routing.js';
import { seedData } from './seed.js';
import {
  STATE_VERSION,
  replaceData,
  takeId,
  type PhaseRecord,
  type ProjectRecord,
  type SandboxState,
  type SeedName,
} from './state.js';
import type {
  CreateProjectInput,
  DeliveryLogEntry,
  RequestLogEntry,
  SandboxOptions,
  UpdatePhaseInput,
} from './types.js';

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

const invalid = (message: string): HttpError => new HttpError(422, message, { input: [message] });

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
    this.queue = new DeliveryQueue(() => this.state, this.deliveries);
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
    if (typeof input?.title !== 'string' || input.title.trim() === '')
      throw invalid('title must be a non-empty string');
    const client = this.state.clients[input.client_id];
    if (!client) throw invalid(`client_id ${String(input.client_id)} does not exist`);
    const now = nowTimestamp();
    const id = takeId(this.state, 'project');
    const project: ProjectRecord = {
      id,
      title: input.title,
      code: input.code ?? `P-${id}`,
      description: input.description ?? '',
      client_id: client.id,
      is_template: input.is_template === true,
      is_client: true,
      is_internal: false,
      client_project_type: input.client_project_type ?? 'process',
      internal_project_type: input.internal_project_type ?? 'todos',
      created_at: now,
      updated_at: now,
    };
    this.state.projects[id] = project;
    if (!project.is_template) this.emit('project.created', client.company_id, projectPayload(this.state, project));
    this.changed();
    return project;
  }

  updatePhase(id: number, patch: UpdatePhaseInput): PhaseRecord {
    const phase = this.state.phases[id];
    if (!phase) throw new HttpError(404, `Phase ${id} not found.`);
    if (patch.title !== undefined && (typeof patch.title !== 'string' || patch.title.trim() === '')) {
      throw invalid('title must be a non-empty string');
    }
    if (
      patch.due_date !== undefined &&
      patch.due_date !== null &&
      !(typeof patch.due_date === 'string' && isCalendarDate(patch.due_date))
    ) {
      throw invalid('due_date must be YYYY-MM-DD or null');
    }
    if (patch.is_internal !== undefined && typeof patch.is_internal !== 'boolean')
      throw invalid('is_internal must be a boolean');
    if (patch.title !== undefined) phase.title = patch.title;
    if (patch.due_date !== undefined) phase.due_date = patch.due_date;
    if (patch.is_internal !== undefined) phase.is_internal = patch.is_internal;
    phase.updated_at = nowTimestamp();
    const companyId = companyIdOfProject(this.state, phase.project_id);
    if (companyId !== null) this.emit('phase.updated', companyId, phasePayload(this.state, phase));
    this.changed();
    return phase;
  }

  /** Which company a logged delivery belongs to (via its subscription, while it exists). */
  deliveryCompany(entry: DeliveryLogEntry): number | null {
    return this.queue.companyOf(entry.id);
  }
}
