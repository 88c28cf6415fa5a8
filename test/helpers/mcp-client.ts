// The MCP SDK's own client, connected over stdio to the built CLI (`pwctl [globals] mcp
// [flags]`) the way an agent host spawns it: a clean environment, an isolated config dir.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { assertNoSecrets, baseEnv, BIN, makeConfigDir } from './cli.js';

export interface McpSession {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export interface McpOptions {
  globals?: string[];
  flags?: string[];
  env?: Record<string, string>;
  configDir?: string;
}

export async function connectMcp(options: McpOptions = {}): Promise<McpSession> {
  const configDir = options.configDir ?? makeConfigDir();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...(options.globals ?? []), 'mcp', ...(options.flags ?? [])],
    env: { ...baseEnv(configDir), ...options.env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'pwctl-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    call: (name, args = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    async close() {
      await client.close();
      // Diagnostics never carry a token: the leak check every CLI run gets.
      assertNoSecrets({ stdout: '', stderr }, ['mcp'], [options.env?.PWCTL_TOKEN ?? ''].filter((t) => t.length >= 12));
    },
  };
}

/** The text block of a result. */
export function textOf(result: CallToolResult): string {
  const block = result.content[0];
  return block && block.type === 'text' ? block.text : '';
}
