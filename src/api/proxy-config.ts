// Which proxy a request to the service goes through, from HTTPS_PROXY, HTTP_PROXY and
// NO_PROXY as curl and gh read them: https URLs use HTTPS_PROXY only and http URLs
// HTTP_PROXY only (no fallback from one to the other), either case may be set (lower case
// wins when both are, as in curl), an empty value is unset, and a proxy given without a
// scheme is http://. The proxy URL may hold credentials; they go to the proxy agent
// (src/api/proxy-agents.ts) and nowhere else: what is shown is `label`, with [REDACTED] in
// their place.
import { UsageError } from '../errors.js';
import { bypassesProxy, parseNoProxy, type NoProxy } from './no-proxy.js';

export interface ProxyRoute {
  /** The proxy URL, credentials included: for the proxy agent only, never printed. */
  url: string;
  /** The proxy as shown in --debug and errors: `http://[REDACTED]@proxy.example:3128`. */
  label: string;
  /** The variable it came from, as set (`HTTPS_PROXY` or `https_proxy`), named in errors. */
  variable: string;
  hasCredentials: boolean;
}

export interface ProxyConfig {
  http: ProxyRoute | undefined;
  https: ProxyRoute | undefined;
  noProxy: NoProxy;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** The proxy settings in `env`; undefined when neither HTTPS_PROXY nor HTTP_PROXY is set. */
export function readProxyConfig(env: NodeJS.ProcessEnv): ProxyConfig | undefined {
  const https = readVariable(env, 'https_proxy', 'HTTPS_PROXY');
  const http = readVariable(env, 'http_proxy', 'HTTP_PROXY');
  if (!https && !http) return undefined;
  const noProxy = readVariable(env, 'no_proxy', 'NO_PROXY');
  return {
    https: https && parseProxyUrl(https.value, https.name),
    http: http && parseProxyUrl(http.value, http.name),
    noProxy: parseNoProxy(noProxy?.value),
  };
}

/** The proxy for a request to `url`, or undefined to connect directly. */
export function proxyFor(config: ProxyConfig | undefined, url: string | URL): ProxyRoute | undefined {
  if (!config) return undefined;
  const target = typeof url === 'string' ? new URL(url) : url;
  const route = target.protocol === 'https:' ? config.https : target.protocol === 'http:' ? config.http : undefined;
  if (!route) return undefined;
  const port = target.port === '' ? DEFAULT_PORTS[target.protocol]! : Number(target.port);
  return bypassesProxy(config.noProxy, target.hostname, port) ? undefined : route;
}

/** Every form in which a proxy's credentials could appear in text, for the redactor. */
export function proxySecrets(config: ProxyConfig | undefined): string[] {
  const secrets = new Set<string>();
  for (const route of [config?.http, config?.https]) {
    if (!route?.hasCredentials) continue;
    const { username, password } = new URL(route.url);
    const user = safeDecode(username);
    const pass = safeDecode(password);
    for (const s of [
      route.url,
      password,
      pass,
      `${username}:${password}`,
      `${user}:${pass}`,
      Buffer.from(`${user}:${pass}`).toString('base64'),
    ]) {
      if (s !== '') secrets.add(s);
    }
  }
  return [...secrets];
}

function readVariable(
  env: NodeJS.ProcessEnv,
  lower: string,
  upper: string,
): { name: string; value: string } | undefined {
  for (const name of [lower, upper]) {
    const value = env[name]?.trim();
    if (value) return { name, value };
  }
  return undefined;
}

function parseProxyUrl(raw: string, variable: string): ProxyRoute {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
  } catch {
    // The value is never echoed: it may hold a password.
    throw new UsageError(`${variable} is not a proxy URL; expected http://host:port or http://user:password@host:port`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(
      `${variable} names a ${url.protocol.replace(/:$/, '')} proxy; pwctl supports http:// and https:// proxies`,
    );
  }
  const hasCredentials = url.username !== '' || url.password !== '';
  return {
    url: url.href,
    label: `${url.protocol}//${hasCredentials ? '[REDACTED]@' : ''}${url.host}`,
    variable,
    hasCredentials,
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
