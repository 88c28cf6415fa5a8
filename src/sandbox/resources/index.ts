// The sandbox's resources, registered once. The router (server.ts) takes their routes; the
// state's collections and first ids, the seeds and reset (seed.ts), and so the state file,
// follow from this list. A new resource is a folder beside these and one entry here.
import type { NextIds, SandboxCollections } from '../state.js';
import { documents } from './documents/index.js';
import { milestones } from './milestones/index.js';
import { projects } from './projects/index.js';
import { steps } from './steps/index.js';
import { tags } from './tags/index.js';
import { webhooks } from './webhooks/index.js';

/** In the order the state keeps and seeds them: projects first, since the rest hang from them. */
export const RESOURCES = [projects, steps, tags, milestones, documents, webhooks] as const;

type Registered = (typeof RESOURCES)[number];
type IdKinds<R> = R extends { firstIds: infer F } ? keyof F : never;
type Assert<T extends true> = T;
/** Compiles only while every collection and id counter a records.ts adds to the state belongs
 * to a resource listed above: a resource left out is a type error, not a missing collection. */
export type RegistryIsComplete = Assert<
  [
    Exclude<keyof SandboxCollections, Registered['collections'][number]>,
    Exclude<keyof NextIds, IdKinds<Registered>>,
  ] extends [never, never]
    ? true
    : false
>;

// What shared machinery names: the control API and the running handle create projects and
// change phases; the public types; the demo's document uuids.
export { seedDocumentUuid } from './documents/seed.js';
export type { DocumentRecord } from './documents/records.js';
export type { MilestoneRecord } from './milestones/records.js';
export {
  createProject,
  updatePhase,
  type CreateProjectInput,
  type UpdatePhaseInput,
} from './projects/operations.js';
export { phasePayload, projectPayload } from './projects/present.js';
export type { PhaseRecord, ProjectRecord } from './projects/records.js';
export type { StepRecord } from './steps/records.js';
export type { TagRecord, TagSetRecord } from './tags/records.js';
export type { WebhookRecord } from './webhooks/records.js';
