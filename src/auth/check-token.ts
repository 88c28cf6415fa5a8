// Does a token work? One cheap read that every role may make, which also shows which
// companies the token reaches (each task names its company).
import type { ApiClient } from '../api/client.js';
import { listSteps } from '../api/steps.js';
import type { Ref } from '../api/types.js';

export interface TokenCheck {
  /** Companies seen on the first page of the caller's tasks; empty when it has none. */
  companies: Ref[];
}

const PROBE_PAGE_SIZE = 100;

export async function checkToken(client: ApiClient): Promise<TokenCheck> {
  const companies = new Map<number, Ref>();
  for await (const step of listSteps(client, {}, PROBE_PAGE_SIZE)) {
    const company = step?.company as Ref | null | undefined;
    if (company && typeof company.id === 'number' && !companies.has(company.id)) {
      companies.set(company.id, { id: company.id, title: String(company.title ?? '') });
    }
  }
  return { companies: [...companies.values()] };
}

/** "Acme Agency (1), Beta Studio (2)". */
export function describeCompanies(companies: readonly Ref[]): string {
  return companies.map((c) => `${c.title} (${c.id})`).join(', ');
}
