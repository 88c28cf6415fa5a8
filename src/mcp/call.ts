// A tool call: the agent's arguments (already checked against the tool's inputSchema) become
// the verb's options through each flag's own conversion, the verb's rules are checked in the
// API's field names, and the verb runs in an agent's context whose results are the tool's data.
import type { Ctx } from '../commands/context.js';
import { checkRules } from '../commands/rules.js';
import { AgentContext } from './agent-context.js';
import type { Tool, ToolData } from './tool.js';

export async function runTool(tool: Tool, args: Record<string, unknown>, base: Ctx): Promise<ToolData> {
  const { verb } = tool.bound;
  const options: Record<string, unknown> = {};
  for (const [key, flag] of Object.entries(verb.flags)) {
    const value = flag.api ? args[flag.api.field] : undefined;
    if (value !== undefined) options[key] = flag.api!.fromJson(value, flag.api!.field);
    else if (flag.defaultValue !== undefined) options[key] = flag.defaultValue;
  }
  const field = (key: string) => verb.flags[key]?.api?.field ?? key;
  // Only what an agent can give is named: a flag of the command line alone (`--clear`) is not.
  const exposed = (key: string) => (verb.flags[key]?.api ? [field(key)] : []);
  checkRules(verb, options, {
    name: field,
    forms: exposed,
    together: (_first, _second, all) => `give exactly one of ${all.flatMap(exposed).join(' or ')}`,
  });
  const fields = args.fields as string[] | undefined;
  const ctx = new AgentContext(base, fields && fields.length > 0 ? fields : undefined);
  const run = await tool.bound.load();
  await run(ctx, options);
  return ctx.result;
}
