// What pwctl trusts: nothing is added when nothing asks, an extra bundle is added to Node's
// defaults rather than replacing them (NODE_EXTRA_CA_CERTS included on Node 20), the system
// store where Node can read it; and CA files are checked with messages naming their source.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import tls from 'node:tls';
import { describe, expect, it } from 'vitest';
import { parseCaFilePath, pemCertificates, readCaBundle } from '../../src/api/ca-file.js';
import { canReadSystemStore, lazySecureContext, trustedCertificates } from '../../src/api/tls-trust.js';
import { UsageError } from '../../src/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'pwctl-trust-'));
// Real certificates to play the parts of "our CA" and "the NODE_EXTRA_CA_CERTS CA".
const [ours, nodeExtra] = [tls.rootCertificates.at(-1)!, tls.rootCertificates.at(-2)!];
const extraFile = join(dir, 'node-extra.pem');
writeFileSync(extraFile, `# a comment line\n${nodeExtra}\n`);

describe('trustedCertificates', () => {
  it.runIf(!canReadSystemStore())(
    'on a Node without the system store: Node defaults untouched unless a bundle is named',
    () => {
      expect(trustedCertificates([], { NODE_EXTRA_CA_CERTS: extraFile })).toBeUndefined();
      const list = trustedCertificates([ours], { NODE_EXTRA_CA_CERTS: extraFile })!;
      // `ca` replaces Node's defaults, so the list must carry them: bundled roots and NODE_EXTRA_CA_CERTS.
      expect(list.slice(0, tls.rootCertificates.length)).toEqual(tls.rootCertificates);
      expect(list).toContain(nodeExtra.trim());
      expect(list.at(-1)).toBe(ours);
    },
  );

  it.runIf(canReadSystemStore())(
    'on a Node with the system store: defaults, system certificates and the bundle',
    () => {
      const getCACertificates = (tls as unknown as { getCACertificates(type: string): string[] }).getCACertificates;
      const list = trustedCertificates([ours], {})!;
      expect(list.slice(0, getCACertificates('default').length)).toEqual(getCACertificates('default'));
      expect(list).toEqual(expect.arrayContaining(getCACertificates('system')));
      expect(list.at(-1)).toBe(ours);
    },
  );

  it('makes the secure context once, on first use', () => {
    const context = lazySecureContext([ours], {});
    const first = context();
    expect(first).toBeDefined();
    expect(context()).toBe(first);
  });
});

describe('CA files', () => {
  it('reads every certificate of a bundle', () => {
    const bundle = join(dir, 'bundle.pem');
    writeFileSync(bundle, `${ours}\n${nodeExtra}\n`);
    expect(readCaBundle({ path: bundle, source: 'PWCTL_CA_FILE' })).toHaveLength(2);
    expect(pemCertificates('no certificate here')).toEqual([]);
  });

  it('names the source of a file that cannot be read or holds no certificate', () => {
    expect(() => readCaBundle({ path: join(dir, 'missing.pem'), source: 'PWCTL_CA_FILE' })).toThrow(
      new UsageError(`PWCTL_CA_FILE names ${join(dir, 'missing.pem')}, which cannot be read (ENOENT)`),
    );
    const empty = join(dir, 'empty.pem');
    writeFileSync(empty, 'not a certificate\n');
    expect(() => readCaBundle({ path: empty, source: 'config key ca_file (profile default)' })).toThrow(
      /^config key ca_file \(profile default\) names .*empty\.pem, which holds no PEM certificate/,
    );
  });

  it('`config set ca_file` stores an absolute path to a readable bundle', () => {
    expect(parseCaFilePath(relative(process.cwd(), extraFile), 'ca_file')).toBe(resolve(extraFile));
    expect(() => parseCaFilePath('  ', 'ca_file')).toThrow(/ca_file must not be empty/);
  });
});
