// The sandbox's public interface: options, logs, faults and the running handle.
import type { PhaseRecord, ProjectRecord, Role, SandboxState, SeedName } from './state.js';

export type {
  ClientRecord,
  CompanyRecord,
  DocumentRecord,
  MilestoneRecord,
  PhaseRecord,
  ProjectRecord,
  Role,
  SandboxState,
  SeedName,
  StepRecord,
  TagRecord,
  TagSetRecord,
  UserRecord,
  WebhookRecord,
} from './state.js';

export interface SandboxOptions {
  /** Default 0 (an ephemeral port). */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 'demo'. Ignored when `statePath` names an existing state file. */
  seed?: SeedName;
  /** Persist state as JSON here: loaded if it exists, written (debounced) after each change
   * and on close. */
  statePath?: string;
  /** Requests per window per user (per client IP when unauthenticated). Default 60. */
  rateLimit?: number;
  /** Default 60. */
  rateWindowSec?: number;
  /** Extra open tasks added to the seed, for benchmarks. */
  extraSteps?: number;
  /** Lifetime of OAuth-issued access tokens. Default 3600. The role tokens never expire. */
  tokenTtlSec?: number;
  /** Expose the /_sandbox/* control endpoints without authentication. Default false. */
  controlApi?: boolean;
  /** Called once per answered (or abandoned) request; `sandbox serve` logs with it. */
  onRequest?: (entry: RequestLogEntry, durationMs: number) => void;
  /** Keep at most this many request-log entries (oldest dropped). Default: unlimited. */
  requestLogLimit?: number;
}

export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-cased names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  rawBody: string;
  /** Parsed JSON, or undefined when the body is empty or not JSON. */
  body: unknown;
  /** 0 while unanswered, and for requests a fault reset or stalled. */
  status: number;
  tokenRole: Role | null;
}

export interface DeliveryLogEntry {
  id: number;
  subscription_id: number;
  event: string;
  url: string;
  body: string;
  signature: string;
  /** The receiver's status; null when no response came (see error). */
  status: number | null;
  error: string | null;
  at: string;
  duration_ms: number | null;
}

export type FaultAction =
  | { type: 'status'; status: number; body?: unknown }
  | { type: 'reset-before' }
  | { type: 'reset-after' }
  | { type: 'delay'; ms: number }
  | { type: 'stall' }
  | { type: 'truncate' }
  | { type: 'html-502' }
  | { type: 'rate-limit'; retryAfter: number };

export interface FaultRule {
  /** Any method when omitted. */
  method?: string;
  /** Matched against the URL path (no query): equal to a string, or tested by a RegExp. */
  path: string | RegExp;
  /** How many matching requests the rule applies to. Default 1. */
  count?: number;
  action: FaultAction;
}

export interface FaultInjector {
  add(rule: FaultRule): void;
  clear(): void;
}

export interface CreateProjectInput {
  title: string;
  client_id: number;
  is_template?: boolean;
  code?: string;
  description?: string;
  client_project_type?: string;
  internal_project_type?: string;
}

export interface UpdatePhaseInput {
  title?: string;
  /** YYYY-MM-DD, or null to clear. */
  due_date?: string | null;
  is_internal?: boolean;
}

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
