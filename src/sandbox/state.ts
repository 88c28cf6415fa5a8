// The sandbox's whole world as one plain, JSON-serialisable object. Records are keyed by id
// (documents by uuid) so lookups are O(1) and `JSON.stringify(state)` is the persisted form.
// Integer-like keys iterate in ascending order, which is the order lists use unless the
// reference asks for another.
//
// This file holds what every resource shares: the agency (companies, users and the clients
// they work for), the tokens, and the shell around the resources' collections.

export type SeedName = 'demo' | 'empty';
export type Role = 'manager' | 'member' | 'client';
export type CompanyRole = 'manager' | 'member';

export interface CompanyRecord {
  id: number;
  title: string;
}

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  /** Agency companies the user is a team member of. Empty for client users. */
  memberships: { company_id: number; role: CompanyRole }[];
  /** The client a client user belongs to; null for team members. */
  client_id: number | null;
}

export interface ClientRecord {
  id: number;
  title: string;
  company_id: number;
}

export interface AccessTokenRecord {
  user_id: number;
  /** Epoch milliseconds; null = never expires (the seeded role tokens). */
  expires_at: number | null;
}

export interface RefreshTokenRecord {
  user_id: number;
  client_id: string;
}

export interface AuthState {
  role_tokens: Record<Role, string>;
  /** Every accepted bearer token, the role tokens included. */
  access_tokens: Record<string, AccessTokenRecord>;
  refresh_tokens: Record<string, RefreshTokenRecord>;
}

// Each resource adds its collections and id counters to these two from its records.ts
// (declaration merging), so the state's type follows from the resource modules and this file
// names none of them; resources/index.ts checks that every one is registered.
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the resources' records.ts
export interface SandboxCollections {}

// biome-ignore lint/suspicious/noEmptyInterface: filled in by the resources' records.ts
export interface NextIds {}

/** Everything a seed produces; `reset` replaces exactly these keys. */
export interface SandboxData extends SandboxCollections {
  seed: SeedName;
  companies: Record<number, CompanyRecord>;
  users: Record<number, UserRecord>;
  clients: Record<number, ClientRecord>;
  next_ids: NextIds;
}

export interface SandboxState extends SandboxData {
  version: 1;
  auth: AuthState;
}

export const STATE_VERSION = 1;

export function takeId(state: SandboxData, kind: keyof NextIds): number {
  const id = state.next_ids[kind];
  state.next_ids[kind] = id + 1;
  return id;
}

/** Replace the data keys of `state` in place, so references to the live object stay valid. */
export function replaceData(state: SandboxState, data: SandboxData): void {
  Object.assign(state, data);
}
