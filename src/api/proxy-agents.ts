// The agent for requests whose route goes through a proxy, loaded only when one does. Which
// proxy (if any) is src/api/proxy-config.ts's decision; the proxy protocol is carried out by
// TooTallNate's proxy-agents: https targets through a CONNECT tunnel with TLS to the service
// inside it (https-proxy-agent), http targets as absolute-form requests (http-proxy-agent),
// as curl and Go send them, so the proxy sees, and logs, each one. Both send the credentials
// of the proxy URL as `Proxy-Authorization: Basic`.
//
// How a refusal surfaces: https-proxy-agent tells a CONNECT answered with anything but 200
// through a 'proxyConnect' event, then replays that answer as the response
// (src/api/http.ts turns it into a PROXY_REFUSED error: nothing reached the service); a
// 407 or 5xx to an absolute-form request is an ordinary answer, told as the proxy's by
// proxyAnswerError (src/api/network-errors.ts).
import createDebug from 'debug';
import type { Agent } from 'node:http';
import type { SecureContext } from 'node:tls';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { KEEP_ALIVE } from './network.js';
import type { ProxyRoute } from './proxy-config.js';

silenceLibraryLogs();

export interface ProxyAgentOptions {
  proxy: ProxyRoute;
  /** An https:// target: tunnel with CONNECT (the service's CAs are given per request, src/api/http.ts). */
  secureTarget: boolean;
  /** For an https:// proxy: the authorities to verify the proxy with. */
  proxySecureContext?: SecureContext;
}

export function createProxyAgent({ proxy, secureTarget, proxySecureContext }: ProxyAgentOptions): Agent {
  const tls = proxySecureContext && { secureContext: proxySecureContext };
  // The scheme is said outright on each agent: otherwise agent-base guesses it from the call stack.
  if (!secureTarget) {
    // A proxy may close the client's connection after each answer it relays without saying
    // so (tinyproxy does, a millisecond later): a request written onto that connection in the
    // meantime fails after it may have been sent, which for a create means "outcome unknown".
    // So each absolute-form request has a connection to the proxy of its own.
    const agent = new HttpProxyAgent(proxy.url, { ...tls, keepAlive: false });
    agent.protocol = 'http:';
    return agent;
  }
  // A tunnel is a connection to the service itself, kept alive like a direct one.
  const agent = new HttpsProxyAgent(proxy.url, { ...tls, ...KEEP_ALIVE });
  // Its constructor replaces the options http.Agent reads the idle timeout from.
  agent.options.timeout = KEEP_ALIVE.timeout;
  agent.protocol = 'https:';
  return agent;
}

/**
 * Both libraries log through `debug` when the DEBUG variable names them, and what they log
 * holds the proxy URL with its password and the request's headers with the token. pwctl's
 * own trace (--debug) is redacted; theirs is switched off. DEBUG itself is left as it was,
 * for the programs pwctl starts (debug's disable() clears it).
 */
function silenceLibraryLogs(): void {
  const variable = process.env.DEBUG;
  createDebug.disable();
  if (variable !== undefined) process.env.DEBUG = variable;
}
