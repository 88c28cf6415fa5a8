// Failed exchanges in words: TLS causes with their remedy, proxy refusals naming the proxy
// (never its credentials), which failures are worth retrying, and the redactor's handling
// of proxy credentials.
import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse } from '../../src/api/errors.js';
import {
  CA_REMEDY,
  describeTlsFailure,
  explainTransportFailure,
  networkError,
  proxyAnswerError,
} from '../../src/api/network-errors.js';
import { proxyFor, readProxyConfig } from '../../src/api/proxy-config.js';
import { createRedactor } from '../../src/api/trace.js';
import { TransportError } from '../../src/api/transport-error.js';

const URL_ = 'https://api.example.com/api/v1/steps/101';
const withCode = (code: string, extra: object = {}) => Object.assign(new Error(`failed: ${code}`), { code }, extra);
const proxyWithCredentials = proxyFor(
  readProxyConfig({ HTTPS_PROXY: 'http://alice:hunter2hunter2@proxy.corp:3128' }),
  URL_,
)!;
const proxyWithout = proxyFor(readProxyConfig({ https_proxy: 'proxy.corp:3128' }), URL_)!;
const refusedTunnel = (status: number) =>
  new TransportError('PROXY_REFUSED', `the proxy answered CONNECT with ${status}`, { proxyStatus: status });

describe('describeTlsFailure', () => {
  it.each([
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'it is self-signed'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'its chain ends in an authority this machine does not trust'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'it was issued by an authority this machine does not trust'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'it was issued by an authority this machine does not trust'],
  ])('%s: not trusted, with the CA remedy', (code, cause) => {
    expect(describeTlsFailure(code, 'api.example.com')).toBe(
      `the certificate of api.example.com is not trusted (${cause}): ${CA_REMEDY}`,
    );
  });

  it('says what an expired, a not-yet-valid and a wrong-host certificate mean', () => {
    expect(describeTlsFailure('CERT_HAS_EXPIRED', 'h:443')).toBe(
      "the certificate of h:443 has expired: the service must renew it (or this machine's clock is wrong)",
    );
    expect(describeTlsFailure('CERT_NOT_YET_VALID', 'h:443')).toBe(
      "the certificate of h:443 is not valid yet: check this machine's clock",
    );
    expect(describeTlsFailure('ERR_TLS_CERT_ALTNAME_INVALID', 'h:443', 'other.example')).toBe(
      'the certificate of h:443 is for another host name (other.example): check the service URL (--base-url, PWCTL_BASE_URL)',
    );
  });

  it('leaves other codes to the generic description', () => {
    expect(describeTlsFailure('ECONNRESET', 'h')).toBeUndefined();
    expect(describeTlsFailure('ERR_SSL_WRONG_VERSION_NUMBER', 'h')).toBeUndefined();
  });
});

describe('explainTransportFailure', () => {
  it('never retries a certificate failure', () => {
    const t = explainTransportFailure(withCode('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), URL_, undefined);
    expect(t).toMatchObject({ failure: { kind: 'final' }, kind: 'network', status: null });
    expect(t.what).toMatch(/^the certificate of api\.example\.com is not trusted/);
  });

  it("a host-name failure inside a proxy tunnel is the service's, with the names the certificate has", () => {
    const error = withCode('ERR_TLS_CERT_ALTNAME_INVALID', {
      cert: { subjectaltname: 'DNS:localhost, IP Address:127.0.0.1' },
    });
    const t = explainTransportFailure(error, URL_, proxyWithout);
    expect(t.what).toBe(
      'the certificate of api.example.com is for another host name (localhost, 127.0.0.1): check the service URL (--base-url, PWCTL_BASE_URL)',
    );
    expect(t.failure.kind).toBe('final');
  });

  it('407 from the proxy, to a CONNECT and as the answer to an absolute-form request: exit-4 kind, not retried, the proxy named, the credentials not', () => {
    const withCreds = explainTransportFailure(refusedTunnel(407), URL_, proxyWithCredentials);
    expect(withCreds).toMatchObject({ failure: { kind: 'final' }, kind: 'unauthorized', status: 407 });
    expect(withCreds.what).toBe(
      'the proxy http://[REDACTED]@proxy.corp:3128 rejected the user name and password in HTTPS_PROXY (407)',
    );
    expect(withCreds.what).not.toContain('hunter2');
    expect(explainTransportFailure(refusedTunnel(407), URL_, proxyWithout).what).toBe(
      'the proxy http://proxy.corp:3128 requires a user name and password (407): give them in https_proxy as http://user:password@host:port',
    );

    const answered = errorFromResponse('GET', URL_, 407, 'text/html', '<html>Proxy Authentication Required</html>');
    const told = proxyAnswerError(answered, proxyWithCredentials, 'text/html');
    expect(told).toMatchObject({
      kind: 'unauthorized',
      status: 407,
      message:
        'GET /api/v1/steps/101: the proxy http://[REDACTED]@proxy.corp:3128 rejected the user name and password in HTTPS_PROXY (407)',
    });
    expect(proxyAnswerError(answered, proxyWithout, 'application/json').message).toBe(
      'GET /api/v1/steps/101: the proxy http://proxy.corp:3128 requires a user name and password (407): give them in https_proxy as http://user:password@host:port',
    );
  });

  it('a refused tunnel names the proxy and the host it could not reach; nothing was sent, so it may be retried', () => {
    const t = explainTransportFailure(refusedTunnel(502), URL_, proxyWithout);
    expect(t).toMatchObject({
      failure: { kind: 'not-sent' },
      kind: 'network',
      status: 502,
      what: 'the proxy http://proxy.corp:3128 could not reach api.example.com (502)',
    });
    expect(explainTransportFailure(refusedTunnel(403), URL_, proxyWithout).what).toBe(
      'the proxy http://proxy.corp:3128 refused to connect to api.example.com (403)',
    );
  });

  it('a proxy that hangs up before answering CONNECT was never reached through: not sent, the proxy named', () => {
    const t = explainTransportFailure(
      new TransportError('CONNECT_FAILED', 'Proxy connection ended before receiving CONNECT response'),
      URL_,
      proxyWithout,
    );
    expect(t).toMatchObject({
      failure: { kind: 'not-sent' },
      what: 'cannot connect to the proxy http://proxy.corp:3128 (CONNECT_FAILED): check https_proxy',
    });
  });

  it('a connection refused goes to the proxy when there is one, else to the service', () => {
    expect(explainTransportFailure(withCode('ECONNREFUSED'), URL_, proxyWithout).what).toBe(
      'cannot connect to the proxy http://proxy.corp:3128 (ECONNREFUSED): check https_proxy',
    );
    expect(explainTransportFailure(withCode('ECONNREFUSED'), URL_, undefined)).toMatchObject({
      failure: { kind: 'not-sent' },
      what: 'cannot connect to api.example.com (ECONNREFUSED)',
    });
  });

  it('timeouts and broken connections keep their meaning', () => {
    expect(explainTransportFailure(new TransportError('RESPONSE_TIMEOUT', 'no answer'), URL_, undefined)).toMatchObject(
      { failure: { kind: 'timeout' }, kind: 'timeout' },
    );
    expect(
      explainTransportFailure(new TransportError('CONNECT_TIMEOUT', 'no connection'), URL_, undefined),
    ).toMatchObject({
      failure: { kind: 'not-sent' },
      what: 'cannot connect to api.example.com (CONNECT_TIMEOUT)',
    });
    expect(
      explainTransportFailure(
        new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
        URL_,
        undefined,
      ),
    ).toMatchObject({ failure: { kind: 'timeout' } });
    expect(explainTransportFailure(withCode('ECONNRESET'), URL_, undefined)).toMatchObject({
      failure: { kind: 'network' },
      what: 'the connection failed (ECONNRESET)',
    });
  });

  it('a deadline says whether the answer had begun', () => {
    expect(
      explainTransportFailure(
        new TransportError('RESPONSE_TIMEOUT', 'no answer', { timeoutMs: 2000, partial: false }),
        URL_,
        undefined,
      ).what,
    ).toBe('the service did not answer within 2 s (--timeout)');
    expect(
      explainTransportFailure(
        new TransportError('RESPONSE_TIMEOUT', 'incomplete', { timeoutMs: 1500, partial: true }),
        URL_,
        undefined,
      ).what,
    ).toBe('the service did not answer in time: its answer was still incomplete at the 1.5 s deadline (--timeout)');
  });

  it('an answer over the size limit is final (asking again brings the same answer) and names the limit', () => {
    const declared = explainTransportFailure(
      new TransportError('RESPONSE_TOO_LARGE', 'too large', {
        status: 200,
        limitBytes: 256 * 1024 * 1024,
        declaredBytes: 600_000_000,
      }),
      URL_,
      proxyWithout,
    );
    expect(declared).toEqual({
      failure: { kind: 'final' },
      kind: 'bad_response',
      status: null,
      what: "the service's answer (200) is 572.2 MiB (Content-Length), more than the 256 MiB limit (PWCTL_MAX_RESPONSE_BYTES); it was not read",
    });
    const streamed = explainTransportFailure(
      new TransportError('RESPONSE_TOO_LARGE', 'too large', { status: 500, limitBytes: 2048 }),
      URL_,
      undefined,
    );
    expect(streamed.what).toBe(
      "the service's answer (500) is larger than the 2 KiB limit (PWCTL_MAX_RESPONSE_BYTES); pwctl stopped reading it",
    );
  });
});

describe('networkError', () => {
  const request = {
    method: 'POST',
    url: 'https://api.example.com/api/v1/steps',
    path: '/api/v1/steps',
    idempotent: false,
    hint: '. Check with `pwctl steps list`',
    proxy: undefined,
  };

  it('a create whose connection broke after sending has an unknown outcome', () => {
    const { error } = networkError(withCode('ECONNRESET'), request);
    expect(error.kind).toBe('outcome_unknown');
    expect(error.message).toBe(
      'POST /api/v1/steps: the connection failed (ECONNRESET) after the request was sent; the outcome is unknown and the request was not re-sent. Check with `pwctl steps list`',
    );
  });

  it('a create refused by TLS was never sent: the TLS cause, not an unknown outcome', () => {
    const { error, failure } = networkError(withCode('CERT_HAS_EXPIRED'), request);
    expect(failure.kind).toBe('final');
    expect(error).toMatchObject({
      kind: 'network',
      status: null,
      message:
        "POST /api/v1/steps: the certificate of api.example.com has expired: the service must renew it (or this machine's clock is wrong)",
    });
  });
});

describe('proxyAnswerError', () => {
  const html = (status: number) =>
    errorFromResponse(
      'GET',
      'http://pwctl-sandbox.test:8080/api/v1/steps',
      status,
      'text/html',
      '<html>Unable to connect</html>',
    );

  it('an HTML 5xx through a proxy is the proxy failing to reach the service', () => {
    expect(proxyAnswerError(html(502), proxyWithout, 'text/html').message).toBe(
      'GET /api/v1/steps: the proxy http://proxy.corp:3128 could not reach pwctl-sandbox.test:8080 (502)',
    );
    expect(proxyAnswerError(html(500), proxyWithout, 'text/html').kind).toBe('server');
  });

  it("an HTML 401 through a proxy given credentials is the proxy refusing them (tinyproxy 1.11's 407)", () => {
    const error = proxyAnswerError(html(401), proxyWithCredentials, 'text/html');
    expect(error.message).toBe(
      'GET /api/v1/steps: the proxy http://[REDACTED]@proxy.corp:3128 rejected the user name and password in HTTPS_PROXY (401)',
    );
    expect(error.kind).toBe('unauthorized');
  });

  it("leaves the service's own JSON answers, and answers without a proxy, as they are", () => {
    const json = errorFromResponse(
      'GET',
      'http://x.example/api/v1/steps',
      502,
      'application/json',
      '{"message":"upstream down"}',
    );
    expect(proxyAnswerError(json, proxyWithout, 'application/json')).toBe(json);
    expect(proxyAnswerError(html(502), undefined, 'text/html').message).toMatch(
      /^GET \/api\/v1\/steps: 502 Bad Gateway/,
    );
    expect(proxyAnswerError(html(401), proxyWithout, 'text/html')).toBeInstanceOf(ApiError);
    expect(proxyAnswerError(html(401), proxyWithout, 'text/html').message).toMatch(/401 Unauthorized/);
  });
});

describe('createRedactor and proxy credentials', () => {
  const redact = createRedactor([]);

  it('hides the user:password@ part of any URL', () => {
    expect(redact('→ GET https://api.example.com via http://alice:s3cret@proxy:3128 and socks5://u:p@h:1')).toBe(
      '→ GET https://api.example.com via http://[REDACTED]@proxy:3128 and socks5://[REDACTED]@h:1',
    );
  });

  it('hides a whole Proxy-Authorization or Authorization value, Basic or Bearer', () => {
    expect(redact('proxy-authorization: Basic YWxpY2U6czNjcmV0')).toBe('proxy-authorization: [REDACTED]');
    expect(redact('Authorization: Bearer tok_123456')).toBe('Authorization: [REDACTED]');
  });
});
