// How requests reach the service: one undici dispatcher, direct or through the proxy the
// environment names, trusting the certificate authorities of src/api/tls-trust.ts. The API
// client and the OAuth token requests (through src/api/fetch-over.ts) both use a Network,
// so there is one HTTP stack. Nothing here is loaded or computed before it is needed: the
// proxy agent is imported only when a proxy variable is set, and the CA list is built on
// the first https connection.
import type { Dispatcher } from 'undici';
import { readCaBundle, type CaFile } from './ca-file.js';
import { Agent, buildConnector } from './http.js';
import { proxyFor, proxySecrets, readProxyConfig, type ProxyConfig, type ProxyRoute } from './proxy-config.js';
import { lazySecureContext } from './tls-trust.js';

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

export type Connector = ReturnType<typeof buildConnector>;
export type TlsOptions = { timeout: number; secureContext?: import('node:tls').SecureContext };

export class Network {
  /** Proxy credentials in every form they could take, for the redactor. */
  readonly secrets: readonly string[];
  readonly #proxies: ProxyConfig | undefined;
  readonly #owned: boolean;
  readonly #timeoutMs: number;
  readonly #secureContext: () => import('node:tls').SecureContext | undefined;
  #dispatcher: Dispatcher | Promise<Dispatcher> | undefined;

  /** Reads the proxy variables and the CA file now, so a mistake in either is a usage error before any request. */
  constructor(options: NetworkOptions) {
    const env = options.env ?? {};
    this.#proxies = options.dispatcher ? undefined : readProxyConfig(env);
    this.secrets = proxySecrets(this.#proxies);
    this.#timeoutMs = options.timeoutMs;
    this.#secureContext = lazySecureContext(options.caFile ? readCaBundle(options.caFile) : [], env);
    this.#owned = !options.dispatcher;
    this.#dispatcher = options.dispatcher ?? (this.#proxies ? undefined : new Agent({ ...KEEP_ALIVE, connect: this.#connector() }));
  }

  /** The proxy a request to `url` goes through, or undefined when it goes direct. */
  proxyFor(url: string | URL): ProxyRoute | undefined {
    return proxyFor(this.#proxies, url);
  }

  dispatcher(): Dispatcher | Promise<Dispatcher> {
    return (this.#dispatcher ??= import('./proxy-dispatcher.js').then(({ createProxyDispatcher }) =>
      createProxyDispatcher({
        agent: { ...KEEP_ALIVE, connect: this.#connector() },
        proxyFor: (origin) => this.proxyFor(origin),
        tlsFor: (url) => this.#tlsOptions(url),
      }),
    ));
  }

  async close(): Promise<void> {
    if (this.#owned && this.#dispatcher) await (await this.#dispatcher).close();
  }

  /** undici's connector, with this network's CA list for https once the first https connection asks. */
  #connector(): Connector {
    let plain: Connector | undefined;
    let secure: Connector | undefined;
    return (options, callback) => {
      const connect =
        options.protocol === 'https:'
          ? (secure ??= buildConnector(this.#tlsOptions('https:')))
          : (plain ??= buildConnector({ timeout: this.#timeoutMs }));
      connect(options, callback);
    };
  }

  /** TLS options for a connection to `url` (a URL or a bare protocol): the timeout, and for https the CA list. */
  #tlsOptions(url: string): TlsOptions {
    const secureContext = url.startsWith('https:') ? this.#secureContext() : undefined;
    return secureContext ? { timeout: this.#timeoutMs, secureContext } : { timeout: this.#timeoutMs };
  }
}
