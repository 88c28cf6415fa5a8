// The dispatcher used when a proxy variable is set, loaded only then. It is undici's Agent,
// whose per-origin factory opens a plain pool for origins that go direct (loopback, NO_PROXY)
// and an undici ProxyAgent for the others; the choice is src/api/proxy-config.ts's, the
// proxy protocol (CONNECT tunnels, absolute-form requests, Basic credentials from the URL,
// 407) is undici's.
import type { Dispatcher } from 'undici';
import apiConnect from 'undici/lib/api/api-connect.js';
import PoolClass from 'undici/lib/dispatcher/pool.js';
import ProxyAgentClass from 'undici/lib/dispatcher/proxy-agent.js';
import { Agent } from './http.js';
import type { Connector, KEEP_ALIVE, TlsOptions } from './network.js';
import type { ProxyRoute } from './proxy-config.js';

export interface ProxyDispatcherOptions {
  agent: typeof KEEP_ALIVE & { connect: Connector };
  proxyFor(origin: string): ProxyRoute | undefined;
  tlsFor(url: string): TlsOptions;
}

export function createProxyDispatcher(options: ProxyDispatcherOptions): Dispatcher {
  return new Agent({
    ...options.agent,
    factory: (origin, agentOptions) => {
      const proxy = options.proxyFor(String(origin));
      if (!proxy) return new PoolClass(origin, agentOptions);
      return new ProxyAgentClass({
        ...options.agent,
        uri: proxy.url,
        // http:// requests go to the proxy as absolute-form requests, as curl and Go send
        // them (so the proxy sees, and logs, each one); https:// ones through a CONNECT tunnel.
        proxyTunnel: false,
        proxyTls: options.tlsFor(proxy.url),
        requestTls: options.tlsFor(String(origin)),
        // The tunnel is opened with Dispatcher#connect, which undici's index installs on every
        // dispatcher; pwctl loads the parts without the index, so the proxy's pool gets it here.
        clientFactory: (url, clientOptions) => Object.assign(new PoolClass(url, clientOptions), { connect: apiConnect }),
      });
    },
  });
}
