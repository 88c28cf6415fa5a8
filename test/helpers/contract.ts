// What ../shared/cli-contract.md fixes, written down once for the tests that hold the code to
// it: the top-level commands in the order `pwctl <TAB>` offers them, and the MCP tools.

/** Every top-level command of the contract, in the order completion offers them (`help` last). */
export const CONTRACT_COMMANDS = [
  'docs',
  'steps',
  'tags',
  'milestones',
  'phases',
  'projects',
  'webhooks',
  'auth',
  'config',
  'api',
  'completion',
  'sandbox',
  'export',
  'restore',
  'version',
  // Added by issue 32 (the contract welcomes additions): words of the user's own, expanded before parsing.
  'alias',
  'mcp',
  'help',
] as const;

/** The MCP tools offered without --allow-writes. */
export const CONTRACT_READ_TOOLS = [
  'steps_list',
  'steps_get',
  'tags_list',
  'docs_list',
  'docs_get',
  'milestones_list',
  'milestones_get',
  'webhooks_list',
  'webhooks_get',
  'phases_list',
  'projects_list',
  // Added by issue 32 (the contract welcomes additions): one project or phase with what hangs from it.
  'projects_get',
  'phases_get',
] as const;

/** Every MCP tool, with --allow-writes. */
export const CONTRACT_TOOLS = [
  ...CONTRACT_READ_TOOLS,
  'steps_create',
  'steps_update',
  'steps_complete',
  'steps_reopen',
  'steps_move',
  'steps_reorder',
  'steps_delete',
  'tags_add',
  'tags_set',
  'tags_remove',
  'docs_create',
  'docs_update',
  'docs_delete',
  'milestones_create',
  'milestones_update',
  'milestones_delete',
] as const;
