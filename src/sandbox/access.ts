// Who a user is to a company. Team members act within the agency companies they belong to; a
// client user sees only client-facing, published work of their own client (each resource's
// own rules build on these).
import { forbidden } from './http-error.js';
import type { SandboxState, UserRecord } from './state.js';

export function isTeam(user: UserRecord): boolean {
  return user.client_id === null;
}

export function isMemberOf(user: UserRecord, companyId: number): boolean {
  return user.memberships.some((m) => m.company_id === companyId);
}

export function isManagerOf(user: UserRecord, companyId: number): boolean {
  return user.memberships.some((m) => m.company_id === companyId && m.role === 'manager');
}

/** The agency company a client user's client belongs to. */
export function clientCompanyId(state: SandboxState, user: UserRecord): number | null {
  return user.client_id === null ? null : (state.clients[user.client_id]?.company_id ?? null);
}

/** Companies a user may name in a company_id filter. */
export function canAccessCompany(state: SandboxState, user: UserRecord, companyId: number): boolean {
  return isTeam(user) ? isMemberOf(user, companyId) : clientCompanyId(state, user) === companyId;
}

export function requireCompanyAccess(state: SandboxState, user: UserRecord, companyId: number): void {
  if (!canAccessCompany(state, user, companyId)) {
    throw forbidden('You do not have access to this company.');
  }
}

export function requireTeam(user: UserRecord, message: string): void {
  if (!isTeam(user)) throw forbidden(message);
}
