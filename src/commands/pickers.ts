// What pickers offer when a required value is missing on a terminal: the records a flag or
// argument refers to, read when the picker opens. Each is named in a declaration through
// `pick()` (./flags.ts) and loaded lazily from there, so nothing here costs start-up.
import { listDocuments } from '../api/documents.js';
import { listMilestones } from '../api/milestones.js';
import { listSteps } from '../api/steps.js';
import type { Step } from '../api/types.js';
import { listWebhooks } from '../api/webhooks.js';
import type { Ctx } from './context.js';
import type { Choice } from './flags.js';
import { readStructure } from './structure.js';

export async function phaseChoices(ctx: Ctx): Promise<Choice[]> {
  const structure = await readStructure(await ctx.api(), ctx.settings.company, { steps: true });
  return structure.phases().map((p) => ({
    value: String(p.id),
    label: `${p.title} (${p.id})`,
    hint: `${p.project.title} · ${p.is_internal ? 'internal' : 'client-facing'} · ${p.steps} tasks`,
  }));
}

export async function projectChoices(ctx: Ctx): Promise<Choice[]> {
  const structure = await readStructure(await ctx.api(), ctx.settings.company, {
    steps: true,
    documents: true,
    milestones: true,
  });
  return structure
    .projects()
    .map((p) => ({ value: String(p.id), label: `${p.title} (${p.id})`, hint: p.client ? p.client.title : undefined }));
}

/** The companies the token reaches, as documents and tasks name them. */
export async function companyChoices(ctx: Ctx): Promise<Choice[]> {
  const structure = await readStructure(await ctx.api(), undefined, { steps: true, documents: true });
  return [...structure.companies.values()].map((c) => ({ value: String(c.id), label: `${c.title} (${c.id})` }));
}

/** Tasks: open ones (to complete), completed ones (to reopen), or all. */
export function stepChoices(completed?: boolean): (ctx: Ctx) => Promise<Choice[]> {
  return async (ctx) => {
    const choices: Choice[] = [];
    for await (const step of listSteps(await ctx.api(), { company_id: ctx.settings.company, completed }, 'all'))
      choices.push(stepChoice(step));
    return choices;
  };
}

function stepChoice(step: Step): Choice {
  return {
    value: String(step.id),
    label: `${step.title} (${step.id})`,
    hint: `${step.phase.title} · ${step.project.title}${step.completed ? ' · done' : ''}`,
  };
}

export async function documentChoices(ctx: Ctx): Promise<Choice[]> {
  const choices: Choice[] = [];
  for await (const doc of listDocuments(await ctx.api(), { company_id: ctx.settings.company }, 'all')) {
    choices.push({
      value: doc.uuid,
      label: doc.title,
      hint: `${doc.project?.title ?? doc.client?.title ?? doc.company.title} · ${doc.is_internal ? 'internal' : 'client-visible'}`,
    });
  }
  return choices;
}

export async function milestoneChoices(ctx: Ctx): Promise<Choice[]> {
  const choices: Choice[] = [];
  for await (const m of listMilestones(await ctx.api(), { company_id: ctx.settings.company }, 'all'))
    choices.push({
      value: String(m.id),
      label: `${m.title} (${m.id})`,
      hint: `${m.project.title} · due ${m.due_date.slice(0, 10)}`,
    });
  return choices;
}

export async function webhookChoices(ctx: Ctx): Promise<Choice[]> {
  const choices: Choice[] = [];
  for await (const hook of listWebhooks(await ctx.api(), { company_id: ctx.settings.company }, 'all'))
    choices.push({
      value: String(hook.id),
      label: `${hook.event} → ${hook.url} (${hook.id})`,
      hint: hook.active ? undefined : 'paused',
    });
  return choices;
}
