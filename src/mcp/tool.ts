// What a tool is: its name, description and inputSchema (what tools/list shows), whether it
// changes data, and how a call runs. Every tool is a declared verb (src/commands/) offered to
// agents: ./catalog.ts derives them, ./call.ts runs them.
import type { Bound } from '../commands/declare.js';
import type { JsonSchema } from '../commands/flags.js';

/**
 * A tool's result, sent as structuredContent and as JSON text: `{data}`; a list cut short by
 * its limit adds `truncated: true`; a bulk tool whose items partly failed adds how many
 * (`failed`), which makes the result an error result that still reports every item.
 */
export interface ToolData {
  data: unknown;
  truncated?: true;
  failed?: number;
}

export interface Tool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** Changes data: offered only with --allow-writes. */
  writes: boolean;
  /** The verb it runs. */
  bound: Bound;
}
