// `pwctl mcp`: a Model Context Protocol server for AI agents, declared once (its name and
// summary are its head, ./mcp-command.ts). It belongs to the command line, not to the shared
// commands: it starts the other front end (src/mcp/), which offers those commands to agents.
import { bind, verbBody } from '../commands/declare.js';
import { flag, text } from '../commands/flags.js';

export const mcpVerb = verbBody({
  details:
    "Tools are named <noun>_<verb>: steps_list, steps_get, steps_create, …, webhooks_get. They act with the\nactive profile's credentials (or --sandbox). stdout carries protocol messages only.",
  flags: () => ({
    allowWrites: flag('--allow-writes', 'also offer the tools that change data (create, update, complete, delete, …)'),
    tools: text('--tools', 'offer only these tools (comma-separated, e.g. steps_list,steps_get)', {
      placeholder: '<names>',
    }),
  }),
  examples: [
    'pwctl mcp',
    'pwctl --sandbox mcp --allow-writes',
    'pwctl --profile staging mcp --tools steps_list,steps_get,tags_list',
  ],
  // stdout carries the protocol: -o, --fields and --jq do not apply.
  effects: { prints: 'text' },
});

export const mcp = bind(mcpVerb, () => import('./mcp-serve.js'));
