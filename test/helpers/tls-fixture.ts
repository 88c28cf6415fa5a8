// Certificates made by openssl for the TLS tests, and an HTTPS front that serves one of them
// and passes every request on to a sandbox:
//
//   const certs = makeCertificates();                       // CA, leaves: good, expired, wrong host; another CA
//   const front = await startHttpsFront(certs.leaf, sb.baseUrl);
//   front.url                                               // https://localhost:<port>
//   front.connections                                       // TCP connections so far (one per attempt)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KeyPair {
  key: string;
  cert: string;
}

export interface TestCertificates {
  /** PEM file of the test CA. */
  caFile: string;
  /** A second, unrelated CA (for NODE_EXTRA_CA_CERTS beside PWCTL_CA_FILE). */
  otherCaFile: string;
  /** For localhost, pwctl-sandbox.test and 127.0.0.1, signed by the CA. */
  leaf: KeyPair;
  /** The same names, expired. */
  expired: KeyPair;
  /** Signed by the CA for wrong.example only. */
  wrongHost: KeyPair;
  /** For localhost, signed by the other CA. */
  otherLeaf: KeyPair;
}

export function opensslProblem(): string | undefined {
  return spawnSync('openssl', ['version']).status === 0 ? undefined : 'openssl is not installed';
}

export function makeCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'pwctl-certs-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => {
    const result = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${result.stderr}`);
  };
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const makeCa = (name: string, subject: string) =>
    openssl(
      'req',
      '-x509',
      ...ecKey,
      '-keyout',
      file(`${name}.key`),
      '-out',
      file(`${name}.pem`),
      '-days',
      '30',
      '-subj',
      subject,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
  let serial = 1;
  const makeLeaf = (name: string, ca: string, altNames: string, days: string): KeyPair => {
    writeFileSync(
      file(`${name}.ext`),
      `subjectAltName=${altNames}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`,
    );
    openssl('req', ...ecKey, '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', `/CN=${name}`);
    // -days -1 makes a certificate whose validity ended a day before it began: expired now.
    openssl(
      'x509',
      '-req',
      '-in',
      file(`${name}.csr`),
      '-CA',
      file(`${ca}.pem`),
      '-CAkey',
      file(`${ca}.key`),
      '-set_serial',
      String(serial++),
      '-days',
      days,
      '-extfile',
      file(`${name}.ext`),
      '-out',
      file(`${name}.pem`),
    );
    return { key: readFileSync(file(`${name}.key`), 'utf8'), cert: readFileSync(file(`${name}.pem`), 'utf8') };
  };
  makeCa('ca', '/CN=pwctl test CA');
  makeCa('other-ca', '/CN=pwctl other test CA');
  const names = 'DNS:localhost,DNS:pwctl-sandbox.test,IP:127.0.0.1';
  return {
    caFile: file('ca.pem'),
    otherCaFile: file('other-ca.pem'),
    leaf: makeLeaf('leaf', 'ca', names, '30'),
    expired: makeLeaf('expired', 'ca', names, '-1'),
    wrongHost: makeLeaf('wrong-host', 'ca', 'DNS:wrong.example', '30'),
    otherLeaf: makeLeaf('other-leaf', 'other-ca', names, '30'),
  };
}

export interface HttpsFront {
  url: string;
  port: number;
  /** TCP connections accepted so far: a failed handshake that is not retried counts one. */
  readonly connections: number;
  close(): Promise<void>;
}

/** An HTTPS server on 127.0.0.1 with `pair`, passing each request on to `target` (http). */
export async function startHttpsFront(pair: KeyPair, target: string): Promise<HttpsFront> {
  let connections = 0;
  const server = createServer({ key: pair.key, cert: pair.cert }, (req, res) => {
    const upstream = request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connection', () => connections++);
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://localhost:${port}`,
    port,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
