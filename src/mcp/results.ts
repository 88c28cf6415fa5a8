// A tool call's answer as MCP shapes it: the data as structuredContent and as the same JSON
// in a text block; a failure as an error result whose text is the CLI's error line (the
// HTTP status and the service's message, then one line per field error of a 422).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../api/errors.js';
import { errorLines } from '../output/error-line.js';
import { toJson } from '../output/json.js';
import type { ToolData } from './tool.js';

export function dataResult(data: ToolData): CallToolResult {
  const structured = { ...data } as Record<string, unknown>;
  const result: CallToolResult = {
    content: [{ type: 'text', text: toJson(structured) }],
    structuredContent: structured,
  };
  // A bulk tool some of whose items failed: every item is reported, and the call is an error.
  if ((data.failed ?? 0) > 0) result.isError = true;
  return result;
}

export function errorResult(error: unknown): CallToolResult {
  const message = error instanceof Error ? error.message : String(error);
  const status = error instanceof ApiError ? error.status : null;
  const errors = (error as { errors?: Record<string, string[]> }).errors;
  // The exit code is the CLI's business; a tool error has none.
  const text = errorLines({ message, status, exitCode: 0, errors }).trimEnd();
  const structured: Record<string, unknown> = { status, message };
  if (errors) structured.errors = errors;
  return { content: [{ type: 'text', text }], structuredContent: { error: structured }, isError: true };
}
