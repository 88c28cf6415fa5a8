// How requests reach the service: keep-alive agents of Node's own http/https modules, direct
// or through the proxy the environment names, trusting the certificate authorities of
// src/api/tls-trust.ts. The API client and the OAuth token requests (through
// src/api/fetch-over.ts) both use a Network, so there is one HTTP stack.
//
// A command that sets no proxy and no CA file loads none of that machinery: the proxy
// routing, the proxy agents, the CA file reader, node:https and the trust module are
// imported when something asks for them (prepare(), the first proxied request, the first
// https request), because every module and Node built-in an ES module imports adds to the
// start-up of every API command (BENCHMARKS.md).
import { Agent as HttpAgent, type AgentOptions } from 'node:http';
import type { SecureContext } from 'node:tls';
import type { CaFile } from './ca-file.js';
import type { Connection } from './http.js';
import type { ProxyConfig, ProxyRoute } from './proxy-config.js';

/** What the user configured: the contract's PWCTL_CA_FILE / ca_file and proxy variables. */
export interface NetworkSettings {
  caFile?: CaFile;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read; without it nothing is proxied. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Sockets are kept between the requests of a command (pages, retries, bulk items). An idle
 * one is closed after a few seconds, before a server's usual keep-alive limit (Node's
 * servers: 5 s) could close it under a request being sent.
 */
export const KEEP_ALIVE: AgentOptions = { keepAlive: true, timeout: 4_000 };

const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'];

type ProxyAgents = typeof import('./proxy-agents.js');

export class Network {
  readonly #options: NetworkSettings;
  readonly #env: NodeJS.ProcessEnv;
  #prepared: Promise<void> | undefined;
  #proxies: { config: ProxyConfig; proxyFor: typeof import('./proxy-config.js').proxyFor } | undefined;
  #secrets: readonly string[] = [];
  #extraCas: string[] = [];
  #trust: Promise<() => SecureContext | undefined> | undefined;
  #proxyAgents: Promise<ProxyAgents> | undefined;
  /** One agent per way of reaching a URL: `http:`, `https:`, or a proxy and the target's scheme. */
  readonly #agents = new Map<string, Promise<HttpAgent>>();

  constructor(options: NetworkSettings) {
    this.#options = options;
    this.#env = options.env ?? {};
  }

  /**
   * Read the proxy variables and the CA file, loading their code only when one is set. A
   * mistake in either is a usage error, thrown before any request.
   */
  prepare(): Promise<void> {
    return (this.#prepared ??= this.#prepare());
  }

  /** Proxy credentials in every form they could take, for the redactor (after prepare()). */
  get secrets(): readonly string[] {
    return this.#secrets;
  }

  /** The proxy a request to `url` goes through, or undefined when it goes direct (after prepare()). */
  proxyFor(url: string | URL): ProxyRoute | undefined {
    return this.#proxies?.proxyFor(this.#proxies.config, url);
  }

  /** How a request to `url` is sent: its agent and, for https, the trusted CAs (after prepare()). */
  async connectionFor(url: string): Promise<Connection> {
    const { protocol } = new URL(url);
    const proxy = this.proxyFor(url);
    const secure = protocol === 'https:';
    const [agent, secureContext] = await Promise.all([
      this.#agent(protocol, proxy),
      secure ? this.#trustedContext().then((trust) => trust()) : undefined,
    ]);
    return { agent, secureContext };
  }

  async close(): Promise<void> {
    const agents = await Promise.allSettled(this.#agents.values());
    for (const agent of agents) if (agent.status === 'fulfilled') agent.value.destroy();
    this.#agents.clear();
  }

  async #prepare(): Promise<void> {
    if (this.#options.caFile) this.#extraCas = (await import('./ca-file.js')).readCaBundle(this.#options.caFile);
    if (!PROXY_VARIABLES.some((name) => this.#env[name]?.trim())) return;
    const proxyConfig = await import('./proxy-config.js');
    const config = proxyConfig.readProxyConfig(this.#env);
    if (!config) return;
    this.#proxies = { config, proxyFor: proxyConfig.proxyFor };
    this.#secrets = proxyConfig.proxySecrets(config);
  }

  #agent(protocol: string, proxy: ProxyRoute | undefined): Promise<HttpAgent> {
    const key = proxy ? `${proxy.url} ${protocol}` : protocol;
    let agent = this.#agents.get(key);
    if (!agent) {
      agent = proxy
        ? this.#proxyAgent(protocol, proxy)
        : protocol === 'https:'
          ? import('node:https').then(({ Agent }) => new Agent(KEEP_ALIVE))
          : Promise.resolve(new HttpAgent(KEEP_ALIVE));
      this.#agents.set(key, agent);
    }
    return agent;
  }

  async #proxyAgent(protocol: string, proxy: ProxyRoute): Promise<HttpAgent> {
    const [{ createProxyAgent }, proxyContext] = await Promise.all([
      (this.#proxyAgents ??= import('./proxy-agents.js')),
      // An https:// proxy is verified with the same authorities as the service.
      proxy.url.startsWith('https:') ? this.#trustedContext().then((trust) => trust()) : undefined,
    ]);
    return createProxyAgent({ proxy, secureTarget: protocol === 'https:', proxySecureContext: proxyContext });
  }

  /** The secure-context getter of src/api/tls-trust.ts for this network's CA file, loaded once. */
  #trustedContext(): Promise<() => SecureContext | undefined> {
    return (this.#trust ??= import('./tls-trust.js').then(({ lazySecureContext }) =>
      lazySecureContext(this.#extraCas, this.#env),
    ));
  }
}
