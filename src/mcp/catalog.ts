// Every tool the contract names, in its order, and the selection a server offers: read-only
// tools unless --allow-writes, narrowed by --tools.
import { UsageError } from '../errors.js';
import type { Tool } from './tool.js';
import { DOC_TOOLS } from './tools/docs.js';
import { MILESTONE_TOOLS } from './tools/milestones.js';
import { STEP_TOOLS } from './tools/steps.js';
import { TAG_TOOLS } from './tools/tags.js';
import { WEBHOOK_TOOLS } from './tools/webhooks.js';

export const TOOLS: readonly Tool[] = [...STEP_TOOLS, ...TAG_TOOLS, ...DOC_TOOLS, ...MILESTONE_TOOLS, ...WEBHOOK_TOOLS];

export interface ToolSelection {
  allowWrites: boolean;
  /** --tools, as given: comma-separated names. */
  tools?: string;
}

/** The tools to offer; a usage error for an unknown name, or a write tool without --allow-writes. */
export function selectTools(selection: ToolSelection): Tool[] {
  if (selection.tools === undefined) return TOOLS.filter((tool) => selection.allowWrites || !tool.writes);
  const names = selection.tools.split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) throw new UsageError('--tools takes tool names separated by commas, e.g. --tools steps_list,steps_get');
  for (const name of names) {
    const tool = TOOLS.find((t) => t.name === name);
    if (!tool) throw new UsageError(`--tools: unknown tool ${JSON.stringify(name)}; tools: ${TOOLS.map((t) => t.name).join(', ')}`);
    if (tool.writes && !selection.allowWrites) throw new UsageError(`--tools: ${name} changes data; add --allow-writes to offer it`);
  }
  return TOOLS.filter((tool) => names.includes(tool.name));
}

/** Why a call of a tool that is not offered is refused (no request is made). */
export function refusal(name: string, selection: ToolSelection): string {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) return `unknown tool ${JSON.stringify(name)}`;
  if (tool.writes && !selection.allowWrites) return `${name} changes data, and this server is read-only: start it with \`pwctl mcp --allow-writes\``;
  return `${name} is not offered by this server (--tools)`;
}
