// The MCP server: the official SDK's Server over stdio, answering tools/list with the
// selected tools and tools/call by checking the arguments (schema, then pwctl's rules) and
// running the tool. stdout carries protocol messages only; everything else goes to stderr.
// Resolves when the client closes stdin (or on SIGINT, SIGTERM or SIGHUP) and every call in
// flight has been answered.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type JSONRPCMessage,
  type ListToolsResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Ctx } from '../commands/context.js';
import type { IO } from '../io/io.js';
import { debugStack } from '../output/error-line.js';
import { escapeInline } from '../io/sanitize.js';
import { onStopSignals } from '../stop-signals.js';
import { VERSION } from '../version.js';
import { ArgumentChecker } from './arguments.js';
import { runTool } from './call.js';
import { refusal, type ToolSelection } from './catalog.js';
import { dataResult, errorResult } from './results.js';
import type { Tool } from './tool.js';

export interface McpServerOptions {
  io: IO;
  tools: readonly Tool[];
  selection: ToolSelection;
  /** The context verbs run in (the profile's API client, settings, config store). */
  context: Ctx;
  /** Called once the client has initialized: a chance to connect before the first call. */
  onInitialized?: () => void;
  /** --debug: a failed call's stack goes to stderr. */
  debug: boolean;
}

export async function serveMcp(options: McpServerOptions): Promise<void> {
  const { io, tools, selection, context } = options;
  const offered = new Map(tools.map((tool) => [tool.name, tool]));
  const checker = new ArgumentChecker();
  // Exactly the declared schemas: what an agent pays for is what we wrote.
  const listing = {
    tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  } as ListToolsResult;

  const server = new Server(
    { name: 'pwctl', version: VERSION },
    { capabilities: { tools: {} }, jsonSchemaValidator: checker },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => listing);

  const inFlight = new Set<Promise<CallToolResult>>();
  const sending = new Set<Promise<void>>();
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const call = callTool(request.params.name, request.params.arguments);
    inFlight.add(call);
    void call.finally(() => inFlight.delete(call));
    return call;
  });

  async function callTool(name: string, args: unknown): Promise<CallToolResult> {
    const tool = offered.get(name);
    // Refused before anything else: no argument check, no connection, no request.
    if (!tool) return errorResult(new Error(await refusal(name, selection)));
    try {
      return dataResult(await runTool(tool, await checker.check(tool.inputSchema, args), context));
    } catch (error) {
      if (options.debug && error instanceof Error && error.stack) io.error(`debug: ${name}: ${debugStack(error)}`);
      return errorResult(error);
    }
  }

  server.oninitialized = () => options.onInitialized?.();
  server.onerror = (error) => io.error(`mcp: ${escapeInline(error.message)}\n`);

  const closed = new Promise<void>((resolve) => {
    let closing = false;
    const close = async () => {
      if (closing) return;
      closing = true;
      // Nothing of this server stays behind on the process (the process may serve again).
      stopListening();
      io.stdin.off('end', close);
      io.stdin.off('close', close);
      // Calls already received are answered before the server goes. The SDK hands a request
      // to its handler, and the result to the transport, a little after each step: look
      // again once pending work has run, until nothing is running or being sent.
      for (;;) {
        await new Promise((next) => setImmediate(next));
        if (inFlight.size === 0 && sending.size === 0) break;
        await Promise.allSettled([...inFlight, ...sending]);
      }
      await server.close();
      resolve();
    };
    io.stdin.on('end', close);
    io.stdin.on('close', close);
    const stopListening = onStopSignals(close);
  });
  const transport = new StdioServerTransport(io.stdin, await io.protocolOutput());
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    const sent = send(message);
    sending.add(sent);
    void sent.finally(() => sending.delete(sent));
    return sent;
  };
  await server.connect(transport);
  answerUnreadableLines(transport);
  await closed;
}

/**
 * A line that is not JSON, or not a JSON-RPC message, is answered as JSON-RPC asks (a parse
 * error, an invalid request, with id null) instead of only noted on stderr: a client that
 * sent it learns why nothing came back. The SDK reports such lines as transport errors.
 */
function answerUnreadableLines(transport: StdioServerTransport): void {
  const reported = transport.onerror;
  transport.onerror = (error) => {
    const code = error instanceof SyntaxError ? -32700 : error.name === 'ZodError' ? -32600 : undefined;
    if (code !== undefined) {
      const message =
        code === -32700
          ? 'Parse error: the line is not JSON'
          : 'Invalid Request: the line is not a JSON-RPC 2.0 message';
      void transport.send({ jsonrpc: '2.0', id: null, error: { code, message } } as unknown as JSONRPCMessage);
    }
    reported?.(error);
  };
}
