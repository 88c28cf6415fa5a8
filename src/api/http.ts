// The parts of undici the client uses, imported alone. undici's index pulls in fetch,
// WebSocket, EventSource, the cache and mock agents: 742 kB that took ~34 ms to load per
// command; the agent and request API are half of that and load in ~13 ms (BENCHMARKS.md).
// The connector builder is part of what the agent loads anyway; the proxy agent is
// imported only when a proxy is set (src/api/proxy-dispatcher.ts).
//
// undici parses HTTP with llhttp compiled to WebAssembly, kept on V8's baseline compiler
// (src/wasm-tiering.ts): it parses the few kilobytes of a response just as well.
import type { Dispatcher } from 'undici';
import AgentClass from 'undici/lib/dispatcher/agent.js';
import apiRequest from 'undici/lib/api/api-request.js';
import buildConnectorFunction from 'undici/lib/core/connect.js';
import { keepWasmOnLiftoff } from '../wasm-tiering.js';

keepWasmOnLiftoff();

export const Agent = AgentClass;
export const buildConnector = buildConnectorFunction;

export interface HttpRequest {
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body?: string | Buffer;
  dispatcher: Dispatcher;
  headersTimeout: number;
  bodyTimeout: number;
  signal?: AbortSignal;
}

/** undici's request(url, options), called on an explicit dispatcher. */
export function httpRequest(url: string, options: HttpRequest): Promise<Dispatcher.ResponseData> {
  const { origin, pathname, search } = new URL(url);
  const { dispatcher, ...rest } = options;
  return apiRequest.call(dispatcher, { ...rest, origin, path: `${pathname}${search}` });
}
