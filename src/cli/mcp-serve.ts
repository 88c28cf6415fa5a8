// `pwctl mcp`: check the flags, choose the tools, and serve until the client goes. The API
// client is the one every command gets from the Factory (profile, PWCTL_TOKEN or --sandbox,
// token renewal, 429 pacing), connected once the client has initialized.
import type { RunOf } from '../commands/declare.js';
import type { mcpVerb } from './mcp-command.js';

export const run: RunOf<typeof mcpVerb> = async (ctx, opts) => {
  const selection = { allowWrites: opts.allowWrites, tools: opts.tools };
  const [{ selectTools }, { serveMcp }] = await Promise.all([import('../mcp/catalog.js'), import('../mcp/server.js')]);
  const tools = selectTools(selection);
  const settings = ctx.settings;
  await serveMcp({
    io: ctx.io,
    tools,
    selection,
    context: ctx,
    // Connecting (and with --sandbox, starting the sandbox) while the agent reads the tool list.
    onInitialized: () => void ctx.api().catch(() => {}),
    debug: settings.debug,
  });
};
