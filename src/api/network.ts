// How requests reach the service: one undici dispatcher, direct or through the proxy the
// environment names, trusting the certificate authorities of src/api/tls-trust.ts. The API
// client and the OAuth token requests (through src/api/fetch-over.ts) both use a Network,
// so there is one HTTP stack.
//
// A command that sets no proxy and no CA file loads none of that machinery: the proxy
// routing and agent, the CA file reader and the trust module are imported when something
// asks for them (prepare(), the first https connection), because every module and Node
// built-in an ES module imports adds to the start-up of every API command (BENCHMARKS.md).
import type { SecureContext } from 'node:tls';
import type { Dispatcher } from 'undici';
import type { CaFile } from './ca-file.js';
import { Agent, buildConnector } from './http.js';
import type { ProxyConfig, ProxyRoute } from './proxy-config.js';

/** What the user configured: the contract's PWCTL_CA_FILE / ca_file and proxy variables. */
export interface NetworkSettings {
  caFile?: CaFile;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read; without it nothing is proxied. */
  env?: NodeJS.ProcessEnv;
}

export interface NetworkOptions extends NetworkSettings {
  /** Connect timeout (the request timeouts are set per request). */
  timeoutMs: number;
  /** Use this dispatcher as it is (tests); the network does not close it. */
  dispatcher?: Dispatcher;
}

/** Idle sockets are kept a few seconds: enough for a command's pages and retries. */
export const KEEP_ALIVE = { keepAliveTimeout: 4_000, keepAliveMaxTimeout: 30_000 } as const;

const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'];

export type Connector = ReturnType<typeof buildConnector>;
export type TlsOptions = { timeout: number; secureContext?: SecureContext };

export class Network {
  readonly #options: NetworkOptions;
  readonly #env: NodeJS.ProcessEnv;
  #prepared: Promise<void> | undefined;
  #dispatcher: Dispatcher | undefined;
  #proxies: { config: ProxyConfig; proxyFor: typeof import('./proxy-config.js').proxyFor } | undefined;
  #secrets: readonly string[] = [];
  #extraCas: string[] = [];
  #trust: Promise<() => SecureContext | undefined> | undefined;

  constructor(options: NetworkOptions) {
    this.#options = options;
    this.#env = options.env ?? {};
  }

  /**
   * Read the proxy variables and the CA file, loading their code only when one is set, and
   * make the dispatcher. A mistake in either is a usage error, thrown before any request.
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

  /** The dispatcher every request goes through (after prepare()). */
  get dispatcher(): Dispatcher {
    if (!this.#dispatcher) throw new Error('Network.prepare() must finish before the first request');
    return this.#dispatcher;
  }

  async close(): Promise<void> {
    if (!this.#options.dispatcher && this.#dispatcher) await this.#dispatcher.close();
  }

  async #prepare(): Promise<void> {
    const { caFile, dispatcher } = this.#options;
    if (caFile) this.#extraCas = (await import('./ca-file.js')).readCaBundle(caFile);
    if (dispatcher) {
      this.#dispatcher = dispatcher;
    } else if (PROXY_VARIABLES.some((name) => this.#env[name]?.trim())) {
      const [proxyConfig, { createProxyDispatcher }, trust] = await Promise.all([import('./proxy-config.js'), import('./proxy-dispatcher.js'), this.#trustedContext()]);
      const config = proxyConfig.readProxyConfig(this.#env);
      if (config) {
        this.#proxies = { config, proxyFor: proxyConfig.proxyFor };
        this.#secrets = proxyConfig.proxySecrets(config);
      }
      this.#dispatcher = createProxyDispatcher({
        agent: { ...KEEP_ALIVE, connect: this.#connector() },
        proxyFor: (origin) => this.proxyFor(origin),
        // The proxy agent for an origin is made on its first request, synchronously: the
        // trust module is loaded by then, and the CA list is still built only for https.
        tlsFor: (url) => (url.startsWith('https:') ? { timeout: this.#options.timeoutMs, secureContext: trust() } : { timeout: this.#options.timeoutMs }),
      });
    } else {
      this.#dispatcher = new Agent({ ...KEEP_ALIVE, connect: this.#connector() });
    }
  }

  /** The secure-context getter of src/api/tls-trust.ts for this network's CA file, loaded once. */
  #trustedContext(): Promise<() => SecureContext | undefined> {
    return (this.#trust ??= import('./tls-trust.js').then(({ lazySecureContext }) => lazySecureContext(this.#extraCas, this.#env)));
  }

  /** undici's connector; for https, with this network's CA list, loaded on the first https connection. */
  #connector(): Connector {
    const timeout = this.#options.timeoutMs;
    let plain: Connector | undefined;
    let secure: Promise<Connector> | undefined;
    return (options, callback) => {
      if (options.protocol !== 'https:') return (plain ??= buildConnector({ timeout }))(options, callback);
      (secure ??= this.#trustedContext().then((trust) => buildConnector({ timeout, secureContext: trust() }))).then(
        (connect) => connect(options, callback),
        (error: Error) => callback(error, null),
      );
    };
  }
}
