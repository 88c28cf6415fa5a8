// What a resource module hands the registry (resources/index.ts): its routes, the state's
// collections and id counters it owns, and how it seeds them. The router, the state's shape,
// the seeds and reset (seed.ts) and so the state file all follow from these.
import type { ApiRoute } from './routing.js';
import type { NextIds, SandboxCollections, SandboxData, SeedName } from './state.js';

export interface SeedOptions {
  seed: SeedName;
  /** Extra open tasks, for benchmarks (the steps resource adds them). */
  extraSteps: number;
}

export interface SandboxResource<C extends keyof SandboxCollections, I extends keyof NextIds> {
  /** The state keys this resource owns (declared in its records.ts); each starts as {}. */
  collections: readonly C[];
  /** Where each of its id counters starts in a fresh state. */
  firstIds: Record<I, number>;
  /** Adds the seed's records. The agency and the resources listed before this one are seeded. */
  seed(data: SandboxData, options: SeedOptions): void;
  /** Its /api/v1 routes. Resources' paths never overlap, so their order does not matter. */
  routes: readonly ApiRoute[];
}

export function defineResource<C extends keyof SandboxCollections, I extends keyof NextIds>(
  resource: SandboxResource<C, I>,
): SandboxResource<C, I> {
  return resource;
}
