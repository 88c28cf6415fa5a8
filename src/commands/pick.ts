// The pickers declarations name (prompts for a missing required value on a terminal): each
// loads its records through ./pickers.ts, imported only when the picker opens.
import { pick } from './flags.js';

type Pickers = typeof import('./pickers.js');
const load = <K extends keyof Pickers>(name: K) => import('./pickers.js').then((m) => m[name]);

export const pickPhase = (message = 'Phase') =>
  pick(
    message,
    async (ctx) => (await load('phaseChoices'))(ctx),
    'no task you can see is in a phase; phases are listed by `pwctl phases list`',
  );
export const pickProject = (message = 'Project') =>
  pick(
    message,
    async (ctx) => (await load('projectChoices'))(ctx),
    'nothing you can see names a project (`pwctl projects list`)',
  );
/** Tasks: open ones to complete, completed ones to reopen, or any. */
export const pickSteps = (message: string, completed?: boolean) =>
  pick(
    message,
    async (ctx) => (await load('stepChoices'))(completed)(ctx),
    completed === undefined ? 'there are no tasks you can see' : completed ? 'no task is completed' : 'no task is open',
  );
export const pickDocument = (message = 'Document') =>
  pick(message, async (ctx) => (await load('documentChoices'))(ctx), 'there are no documents you can see');
export const pickMilestone = (message = 'Milestone') =>
  pick(message, async (ctx) => (await load('milestoneChoices'))(ctx), 'there are no milestones you can see');
export const pickWebhook = (message = 'Webhook subscription') =>
  pick(
    message,
    async (ctx) => (await load('webhookChoices'))(ctx),
    'there are no webhook subscriptions (`pwctl webhooks create`)',
  );
