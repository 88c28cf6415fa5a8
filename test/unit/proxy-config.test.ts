// Which proxy a request takes: the variables (either case, no fallback between schemes),
// NO_PROXY as curl and Go read it, Go's loopback rule, and credentials kept out of labels.
import { describe, expect, it } from 'vitest';
import { bypassesProxy, isLoopbackHost, parseNoProxy } from '../../src/api/no-proxy.js';
import { proxyFor, proxySecrets, readProxyConfig } from '../../src/api/proxy-config.js';
import { UsageError } from '../../src/errors.js';

describe('isLoopbackHost (Go rule: localhost and loopback addresses)', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'localhost.',
    '127.0.0.1',
    '127.8.9.10',
    '[::1]',
    '::1',
    '0:0:0:0:0:0:0:1',
    '[::ffff:7f00:1]',
  ])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['pwctl-sandbox.test', 'localhost.example.com', 'mylocalhost', '128.0.0.1', '10.0.0.1', '[::2]', '0.0.0.0'])(
    '%s is not',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});

describe('NO_PROXY matching', () => {
  const rules = parseNoProxy(
    ' example.com, .corp.internal *.svc.local,api.partner.io:8443 10.1.2.3, 192.168.0.0/16,[fd00::1]:9000, fe80::/10 ',
  );

  it.each([
    ['example.com', 443, true],
    ['api.example.com', 443, true],
    ['notexample.com', 443, false],
    ['corp.internal', 80, true],
    ['git.corp.internal', 80, true],
    ['a.b.svc.local', 80, true],
    ['api.partner.io', 8443, true],
    ['api.partner.io', 443, false],
    ['10.1.2.3', 443, true],
    ['10.1.2.4', 443, false],
    ['192.168.44.5', 443, true],
    ['192.169.0.1', 443, false],
    ['[fd00::1]', 9000, true],
    ['[fe80::1234]', 443, true],
    ['[2001:db8::1]', 443, false],
    ['EXAMPLE.COM.', 443, true],
  ])('%s:%i bypasses the proxy: %s', (host, port, expected) => {
    expect(bypassesProxy(rules, host as string, port as number)).toBe(expected);
  });

  it('`*` sends everything direct; an empty value nothing', () => {
    expect(bypassesProxy(parseNoProxy('*'), 'api.example.com', 443)).toBe(true);
    expect(bypassesProxy(parseNoProxy(''), 'api.example.com', 443)).toBe(false);
    expect(bypassesProxy(parseNoProxy(undefined), 'api.example.com', 443)).toBe(false);
  });

  it('never proxies loopback, even without NO_PROXY', () => {
    expect(bypassesProxy(parseNoProxy(''), '127.0.0.1', 8080)).toBe(true);
    expect(bypassesProxy(parseNoProxy(''), 'localhost', 8080)).toBe(true);
    expect(bypassesProxy(parseNoProxy(''), '[::1]', 8080)).toBe(true);
  });
});

describe('readProxyConfig and proxyFor', () => {
  it('returns undefined when no proxy variable is set (NO_PROXY alone changes nothing)', () => {
    expect(readProxyConfig({})).toBeUndefined();
    expect(readProxyConfig({ NO_PROXY: '*', HTTPS_PROXY: '', http_proxy: '  ' })).toBeUndefined();
  });

  it('uses HTTPS_PROXY for https and HTTP_PROXY for http, with no fallback between them', () => {
    const onlyHttps = readProxyConfig({ HTTPS_PROXY: 'http://secure-proxy:3128' });
    expect(proxyFor(onlyHttps, 'https://api.example.com/api/v1/steps')?.url).toBe('http://secure-proxy:3128/');
    expect(proxyFor(onlyHttps, 'http://api.example.com/api/v1/steps')).toBeUndefined();
    const onlyHttp = readProxyConfig({ HTTP_PROXY: 'http://plain-proxy:3128' });
    expect(proxyFor(onlyHttp, 'http://api.example.com/')?.variable).toBe('HTTP_PROXY');
    expect(proxyFor(onlyHttp, 'https://api.example.com/')).toBeUndefined();
  });

  it('reads either case; lower case wins when both are set, and the message names the one used', () => {
    const config = readProxyConfig({
      https_proxy: 'http://lower:1',
      HTTPS_PROXY: 'http://upper:2',
      no_proxy: 'a.example',
      NO_PROXY: 'b.example',
    });
    expect(proxyFor(config, 'https://x.example/')).toMatchObject({ url: 'http://lower:1/', variable: 'https_proxy' });
    expect(proxyFor(config, 'https://a.example/')).toBeUndefined();
    expect(proxyFor(config, 'https://b.example/')).toBeDefined();
    expect(proxyFor(readProxyConfig({ HTTPS_PROXY: 'http://upper:2' }), 'https://x.example/')?.variable).toBe(
      'HTTPS_PROXY',
    );
  });

  it('takes a proxy without a scheme as http://, and compares NO_PROXY ports with the default port', () => {
    const config = readProxyConfig({ HTTPS_PROXY: 'proxy.corp:3128', NO_PROXY: 'api.example.com:443' });
    expect(proxyFor(config, 'https://other.example.com/')?.url).toBe('http://proxy.corp:3128/');
    expect(proxyFor(config, 'https://api.example.com/')).toBeUndefined();
    expect(proxyFor(config, 'https://api.example.com:8443/')).toBeDefined();
  });

  it('never sends loopback requests through the proxy', () => {
    const config = readProxyConfig({ HTTP_PROXY: 'http://proxy:3128', HTTPS_PROXY: 'http://proxy:3128' });
    for (const url of [
      'http://127.0.0.1:8080/api/v1',
      'http://localhost:3000/hooks',
      'https://[::1]:8443/',
      'http://127.0.0.2/',
    ]) {
      expect(proxyFor(config, url)).toBeUndefined();
    }
    expect(proxyFor(config, 'http://pwctl-sandbox.test:8080/')).toBeDefined();
  });

  it('keeps credentials out of the label and lists every form of them for the redactor', () => {
    const config = readProxyConfig({ HTTPS_PROXY: 'http://alice:p%40ss%3Aword@proxy.corp:3128' });
    const route = proxyFor(config, 'https://api.example.com/')!;
    expect(route.label).toBe('http://[REDACTED]@proxy.corp:3128');
    expect(route.hasCredentials).toBe(true);
    expect(route.url).toContain('alice:p%40ss%3Aword@');
    const secrets = proxySecrets(config);
    expect(secrets).toEqual(
      expect.arrayContaining([
        'p%40ss%3Aword',
        'p@ss:word',
        'alice:p@ss:word',
        Buffer.from('alice:p@ss:word').toString('base64'),
      ]),
    );
    expect(proxySecrets(readProxyConfig({ HTTPS_PROXY: 'http://proxy.corp:3128' }))).toEqual([]);
  });

  it('rejects a proxy it cannot use, without echoing the value (it may hold a password)', () => {
    const bad = (env: NodeJS.ProcessEnv) => () => readProxyConfig(env);
    expect(bad({ HTTPS_PROXY: 'http://alice:hunter22@[bad' })).toThrow(UsageError);
    expect(bad({ HTTPS_PROXY: 'http://alice:hunter22@[bad' })).not.toThrow(/hunter22/);
    expect(bad({ HTTPS_PROXY: 'http://alice:hunter22@[bad' })).toThrow(/^HTTPS_PROXY is not a proxy URL/);
    expect(bad({ http_proxy: 'socks5://127.0.0.1:1080' })).toThrow(
      /http_proxy names a socks5 proxy; pwctl supports http:\/\/ and https:\/\/ proxies/,
    );
  });
});
