// Projects: the API has no list of them; `projects list` lists those that tasks, documents
// and milestones name.
import { bind, nounBody, verb } from '../declare.js';
import { id } from '../flags.js';
import { LIST_FLAGS } from '../list-flags.js';
import { pickProject } from '../pick.js';

export const list = verb({
  name: 'list',
  summary: 'list the projects your tasks, documents and milestones name, with counts',
  details: `The API has no list of projects: this reads every task, document and milestone you can see
(each list once, in pages of 1000) and lists the projects they name, with how many phases, tasks,
documents and milestones each holds. A project nothing you can see belongs to is not listed.`,
  flags: () => ({
    company: id('--company', 'only projects of this company (default: `pwctl config get company`)', {
      field: 'company_id',
    }),
    client: id('--client', 'only projects of this client', { field: 'client_id' }),
    ...LIST_FLAGS,
  }),
  examples: ['pwctl projects list', 'pwctl projects list --client 12 -o csv'],
  mcp: true,
});

export const get = verb({
  name: 'get',
  summary: 'show one project: its phases, milestones, documents and open tasks',
  details: `Read from every task you can see (pages of 1000) and the project's documents and milestones.
-o json gives one object: the project with its phases (as \`phases list\` gives them), milestones,
documents and open_steps (soonest due first), and steps, how many tasks it holds. A project that
nothing you can see names is not found (exit 3).`,
  flags: () => ({
    id: id('<id>', 'project id', { required: true, complete: { ids: 'projects' }, prompt: pickProject() }),
  }),
  examples: ['pwctl projects get 31', 'pwctl projects get 31 -o json --jq ".documents[].title"'],
  mcp: true,
});

export const projects = nounBody({
  examples: [
    'pwctl projects list',
    'pwctl projects get 31',
    'pwctl docs list --project "$(pwctl projects list --jq ".[0].id")"',
  ],
  commands: [bind(list, () => import('./list.js')), bind(get, () => import('./get.js'))],
});
