// The sandbox's public interface: options, logs and faults (index.ts adds the running handle).
import type { Role, SeedName } from './state.js';

export type { ClientRecord, CompanyRecord, Role, SandboxState, SeedName, UserRecord } from './state.js';

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
