// The MCP SDK's own client, connected over stdio to `pwctl [globals] mcp [flags]` with a clean
// environment and an isolated config dir: by default the server runs in the test process
// (run() over in-memory stdin/stdout, as runInProcess runs a verb); with `process: true` it is
// the built CLI spawned the way an agent host spawns it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Writable } from 'node:stream';
import { assertNoSecrets, baseEnv, cliCommand, makeConfigDir } from './cli.js';
import { memoryTerminal } from './fake-io.js';

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
  /** Spawn the built CLI instead of running the server in the test process. */
  process?: boolean;
}

export async function connectMcp(options: McpOptions = {}): Promise<McpSession> {
  const env = { ...baseEnv(options.configDir ?? makeConfigDir()), ...options.env };
  const args = [...(options.globals ?? []), 'mcp', ...(options.flags ?? [])];
  const client = new Client({ name: 'pwctl-test', version: '1.0.0' });
  // Diagnostics never carry a token: the leak check every CLI run gets.
  const checkSecrets = (stderr: string) =>
    assertNoSecrets(
      { stdout: '', stderr },
      ['mcp'],
      [options.env?.PWCTL_TOKEN ?? ''].filter((t) => t.length >= 12),
    );
  const session = (stderr: () => string, closed: () => Promise<void>): McpSession => ({
    client,
    stderr,
    call: (name, callArgs = {}) => client.callTool({ name, arguments: callArgs }) as Promise<CallToolResult>,
    async close() {
      await client.close();
      await closed();
      checkSecrets(stderr());
    },
  });

  if (options.process) {
    const [command, commandArgs] = cliCommand(args);
    const transport = new StdioClientTransport({
      command,
      args: commandArgs,
      env,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    await client.connect(transport);
    return session(
      () => stderr,
      async () => {},
    );
  }

  const transport = new StreamClientTransport();
  const t = memoryTerminal({ keepStdinOpen: true, onStdout: (text) => transport.receive(text) });
  transport.toServer = t.stdin;
  const { run } = await import('../../src/cli/main.js');
  const served = run(args, env, t.terminal);
  // A server that refuses to start ends the run instead of answering.
  await Promise.race([
    client.connect(transport),
    served.then((code) =>
      Promise.reject(
        new Error(`pwctl ${args.join(' ')} ended (exit ${code}) before the handshake: ${t.stderr.text()}`),
      ),
    ),
  ]);
  return session(
    () => t.stderr.text(),
    async () => {
      const code = await served;
      if (code !== 0) throw new Error(`pwctl mcp exited ${code} after stdin closed: ${t.stderr.text()}`);
    },
  );
}

/** The client's end of stdio to a server in this process: messages written to its stdin, read from what it writes to stdout. */
class StreamClientTransport implements Transport {
  toServer!: Writable;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #buffer = new ReadBuffer();

  async start(): Promise<void> {}

  receive(text: string): void {
    this.#buffer.append(Buffer.from(text, 'utf8'));
    for (let message = this.#buffer.readMessage(); message; message = this.#buffer.readMessage())
      this.onmessage?.(message);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.toServer.write(serializeMessage(message))) resolve();
      else this.toServer.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.toServer.end();
    this.onclose?.();
  }
}

/** The text block of a result. */
export function textOf(result: CallToolResult): string {
  const block = result.content[0];
  return block && block.type === 'text' ? block.text : '';
}
