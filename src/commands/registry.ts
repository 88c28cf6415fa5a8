// The program: its summary and examples, and every top-level command in the order `--help`
// lists them (the command line adds its own: `mcp`, which starts the agents' front end, and
// `help`). Adding a noun is one line here and a declaration file beside it; everything a
// user sees of it (help, completion, MCP tools, docs/commands.md) follows from that.
import { apiCommand } from './api/index.js';
import { auth } from './auth/index.js';
import { completion } from './completion/index.js';
import { config } from './config/index.js';
import type { TopLevel } from './declare.js';
import { docs } from './docs/index.js';
import { exportCommand } from './export/index.js';
import { milestones } from './milestones/index.js';
import { phases } from './phases/index.js';
import { projects } from './projects/index.js';
import { restoreCommand } from './restore/index.js';
import { sandbox } from './sandbox/index.js';
import { steps } from './steps/index.js';
import { tags } from './tags/index.js';
import { version } from './version/index.js';
import { webhooks } from './webhooks/index.js';

export interface Program {
  summary: string;
  examples: readonly string[];
  details?: string;
  commands: readonly TopLevel[];
}

export const PROGRAM: Program = {
  summary: 'Drive the Project Work Service from a shell, a script or CI: documents, tasks, tags, milestones and webhooks.',
  examples: [
    'pwctl --sandbox steps list --limit 5     # try it with no account',
    'pwctl auth login',
    'pwctl steps list --open -o json',
    'pwctl docs get <uuid> --fields content > brief.md',
    'pwctl api /api/v1/projects/31',
  ],
  details: 'Run `pwctl help exit-codes`, `pwctl help environment` or `pwctl help formatting` for reference tables.',
  commands: [docs, steps, tags, milestones, phases, projects, webhooks, auth, config, apiCommand, completion, sandbox, exportCommand, restoreCommand, version],
};
