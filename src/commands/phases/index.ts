// Phases: the API has no list of them; `phases list` lists those the caller's tasks name.
import { bind, nounBody, verb } from '../declare.js';
import { id } from '../flags.js';
import { LIST_FLAGS } from '../list-flags.js';
import { pickPhase } from '../pick.js';

export const list = verb({
  name: 'list',
  summary: 'list the phases your tasks are in, with how many tasks each holds',
  details: `The API has no list of phases: this reads every task you can see (pages of 1000, the fewest
requests) and lists the phases they name. A phase that holds no task is invisible to the API's
clients, so it is not listed. The id is what \`steps create --phase\` and \`steps move --phase\` take.`,
  flags: () => ({
    project: id('--project', 'only phases of this project', { field: 'project_id', complete: { ids: 'projects' } }),
    company: id('--company', 'only phases of this company (default: `pwctl config get company`)', {
      field: 'company_id',
    }),
    ...LIST_FLAGS,
  }),
  examples: [
    'pwctl phases list',
    'pwctl phases list --project 31',
    'pwctl phases list --all -o json | jq ".[] | {id, title}"',
  ],
  mcp: true,
});

export const get = verb({
  name: 'get',
  summary: 'show one phase: its project, its open tasks and the milestones of its project',
  details: `Read from every task you can see (pages of 1000) and the milestones of the phase's project.
-o json gives one object: the phase as \`phases list\` gives it, with open_steps (soonest due first)
and milestones. A phase that holds no task you can see is not found (exit 3).`,
  flags: () => ({
    id: id('<id>', 'phase id', { required: true, complete: { ids: 'phases' }, prompt: pickPhase() }),
  }),
  examples: ['pwctl phases get 41', 'pwctl phases get 41 -o json --jq ".open_steps[].title"'],
  mcp: true,
});

export const phases = nounBody({
  examples: [
    'pwctl phases list --project 31',
    'pwctl phases get 41',
    'pwctl steps create --phase "$(pwctl phases list --project 31 --jq ".[0].id")" --title Draft',
  ],
  commands: [bind(list, () => import('./list.js')), bind(get, () => import('./get.js'))],
});
