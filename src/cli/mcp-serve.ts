// `pwctl mcp`: check the flags, choose the tools, and serve until the client goes. The API
// client is the one every command gets from the Factory (profile, PWCTL_TOKEN or --sandbox,
// token renewal, 429 pacing), connected once the client has initialized.
import type { RunOf } from '../commands/declare.js';
import type { mcpVerb } from './mcp-verb.js';

export const run: RunOf<typeof mcpVerb> = async (ctx, opts) => {
  const selection = { allowWrites: opts.allowWrites, tools: opts.tools };
  const [{ selectTools }, { serveMcp }] = await Promise.all([import('../mcp/catalog.js'), import('../mcp/server.js')]);
  const tools = await selectTools(selection);
  const settings = ctx.settings;
  // Started by hand at a terminal, it would look hung: say what it is waiting for.
  if (ctx.io.stdinIsTTY) {
    ctx.io.notice(
      `pwctl mcp: serving ${tools.length} tools to an MCP client on standard input (JSON-RPC, one message per line); an agent starts this — see \`pwctl mcp --help\`. Ctrl-D or Ctrl-C ends.`,
    );
  }
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
