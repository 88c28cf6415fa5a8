// `pwctl mcp`: check the flags, choose the tools, and serve until the client goes. The API
// client is the one every command gets from the Factory (profile, PWCTL_TOKEN or --sandbox,
// token renewal, 429 pacing), connected once the client has initialized.
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';

export interface McpOptions {
  allowWrites?: boolean;
  tools?: string;
}

export async function run(ctx: Factory, opts: McpOptions): Promise<void> {
  // stdout belongs to the protocol: nothing may print there beside it.
  if (ctx.dryRun) throw new UsageError('--dry-run does not apply to mcp: its results are protocol messages, and --dry-run would print requests on stdout');
  if (ctx.flags.jq !== undefined) throw new UsageError('--jq does not apply to mcp: tool results are JSON for the agent');
  const selection = { allowWrites: opts.allowWrites === true, tools: opts.tools };
  const [{ selectTools }, { serveMcp }] = await Promise.all([import('../../mcp/catalog.js'), import('../../mcp/server.js')]);
  const tools = selectTools(selection);
  const settings = ctx.settings;
  await serveMcp({
    io: ctx.io,
    tools,
    selection,
    context: { api: () => ctx.api(), company: settings.company },
    // Connecting (and with --sandbox, starting the sandbox) while the agent reads the tool list.
    onInitialized: () => void ctx.api().catch(() => {}),
    debug: settings.debug,
  });
}
