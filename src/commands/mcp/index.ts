import type { Command } from 'commander';
import { action, type Session } from '../action.js';
import type { McpOptions } from './serve.js';

export function registerMcp(program: Command, session: Session): void {
  program
    .command('mcp')
    .description('run a Model Context Protocol server on stdin/stdout for AI agents (read-only unless --allow-writes)')
    .option('--allow-writes', 'also offer the tools that change data (create, update, complete, delete, …)')
    .option('--tools <names>', 'offer only these tools (comma-separated, e.g. steps_list,steps_get)')
    .addHelpText(
      'after',
      '\nTools are named <noun>_<verb>: steps_list, steps_get, steps_create, …, webhooks_get. They act with the\n' +
        "active profile's credentials (or --sandbox). stdout carries protocol messages only.\n\n" +
        'Examples:\n  pwctl mcp\n  pwctl --sandbox mcp --allow-writes\n  pwctl --profile staging mcp --tools steps_list,steps_get,tags_list',
    )
    .action(action(session, async (ctx, opts: McpOptions) => (await import('./serve.js')).run(ctx, opts)));
}
