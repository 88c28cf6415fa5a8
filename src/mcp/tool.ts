// What a tool is: its name, description and inputSchema (what tools/list shows), whether it
// changes data, and its run function. A run function checks pwctl's own rules on the
// arguments before any request (throwing a UsageError that names the field), then calls
// the API modules and returns the structured result.
import type { ApiClient } from '../api/client.js';
import type { JsonSchema } from './schema.js';

export type Args = Record<string, unknown>;

/** What a tool call may use: the API client, made on first use, and the profile's settings. */
export interface ToolContext {
  api(): Promise<ApiClient>;
  /** The profile's default company (config key company), the default of list filters. */
  company: number | undefined;
}

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
  run(args: Args, ctx: ToolContext): Promise<ToolData>;
}
