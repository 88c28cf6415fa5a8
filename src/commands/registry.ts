// The program: its summary and examples, and every top-level command in the order `--help`
// lists them (the command line adds its own: `alias`, `mcp` and `help`). A command — a noun,
// or a verb of its own — is named here: its name, aliases and summary, all `pwctl --help`
// needs; it is declared in full in its module, loaded only when a command line names it (or
// when everything is walked: completion, MCP tools, docs/commands.md). Adding one is an entry
// here and a declaration file beside it; everything a user sees of it follows from those.
import { lazyNoun, lazyVerb, type TopLevel } from './declare.js';

export interface Program {
  summary: string;
  examples: readonly string[];
  details?: string;
  commands: readonly TopLevel[];
}

export const PROGRAM: Program = {
  summary:
    'Drive the Project Work Service from a shell, a script or CI: documents, tasks, tags, milestones and webhooks.',
  examples: [
    'pwctl --sandbox steps list --limit 5     # try it with no account',
    'pwctl auth login',
    'pwctl steps list --open -o json',
    'pwctl docs get <uuid> --fields content > brief.md',
    'pwctl api /api/v1/projects/31',
  ],
  details:
    'The guide: `pwctl help topics` lists its pages; `pwctl help exit-codes`, `pwctl help environment` and\n`pwctl help formatting` are the reference tables. `pwctl help --json` is the command tree for programs.',
  commands: [
    lazyNoun(
      { name: 'docs', summary: 'documents: rich-text pages of a company, optionally attached to a project or client' },
      async () => (await import('./docs/index.js')).docs,
    ),
    lazyNoun(
      {
        name: 'steps',
        aliases: ['tasks'],
        summary: 'tasks of project phases: list, create, update, complete, move, reorder, delete',
      },
      async () => (await import('./steps/index.js')).steps,
    ),
    lazyNoun(
      { name: 'tags', summary: 'the tags of a task: list, add, set, remove' },
      async () => (await import('./tags/index.js')).tags,
    ),
    lazyNoun(
      { name: 'milestones', summary: 'milestones: marker dates on a project calendar' },
      async () => (await import('./milestones/index.js')).milestones,
    ),
    lazyNoun(
      { name: 'phases', summary: 'phases of projects, as your tasks name them (with their ids, for --phase)' },
      async () => (await import('./phases/index.js')).phases,
    ),
    lazyNoun(
      {
        name: 'projects',
        summary: 'projects, as your tasks, documents and milestones name them (with their ids, for --project)',
      },
      async () => (await import('./projects/index.js')).projects,
    ),
    lazyNoun(
      {
        name: 'webhooks',
        summary: 'webhook subscriptions, a verifying local receiver, and tools for building receivers',
      },
      async () => (await import('./webhooks/index.js')).webhooks,
    ),
    lazyNoun(
      { name: 'auth', summary: 'sign in, check and remove the credentials of a profile' },
      async () => (await import('./auth/index.js')).auth,
    ),
    lazyNoun(
      { name: 'config', summary: 'read and change settings of the current profile' },
      async () => (await import('./config/index.js')).config,
    ),
    lazyVerb(
      { name: 'api', summary: 'make an authenticated request to any endpoint and print the response body' },
      async () => (await import('./api/index.js')).apiCommand,
    ),
    lazyVerb(
      { name: 'completion', summary: 'print the shell completion script for bash, zsh or fish' },
      async () => (await import('./completion/index.js')).completion,
    ),
    lazyNoun(
      {
        name: 'sandbox',
        summary: 'a faithful local copy of the service, for trying scripts and building integrations',
      },
      async () => (await import('./sandbox/index.js')).sandbox,
    ),
    lazyVerb(
      {
        name: 'export',
        summary: 'back up what you can read: documents, tasks, milestones and webhooks as NDJSON files',
      },
      async () => (await import('./export/index.js')).exportCommand,
    ),
    lazyVerb(
      { name: 'restore', summary: 'put an export back: create what is gone, report what changed since' },
      async () => (await import('./restore/index.js')).restoreCommand,
    ),
    lazyVerb(
      { name: 'version', summary: 'print the version of pwctl' },
      async () => (await import('./version/index.js')).version,
    ),
  ],
};
