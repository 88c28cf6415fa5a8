// The company a new record goes to when nothing names one: the only company the token
// reaches, as documents and tasks name them (pickers.ts). `docs create` takes it (or asks,
// on a terminal, when there are several); `docs push` takes it for new files that name no
// owner, and fails only those files when there is not exactly one.
import type { Ctx } from './context.js';
import type { Choice } from './flags.js';

export type CompaniesReached = { only: { id: number; label: string } } | { choices: Choice[] };

export async function onlyCompany(ctx: Ctx): Promise<CompaniesReached> {
  const { companyChoices } = await import('./pickers.js');
  const choices = await companyChoices(ctx);
  return choices.length === 1 ? { only: { id: Number(choices[0]!.value), label: choices[0]!.label } } : { choices };
}

/** `for Northwind Studio (1), the only company your token reaches (--company 1)`: what a default says. */
export function onlyCompanySaid(only: { id: number; label: string }, flag: string): string {
  return `${only.label}, the only company your token reaches (${flag} ${only.id})`;
}
