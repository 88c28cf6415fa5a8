// The certificate authorities pwctl trusts for the service's TLS: Node's bundled roots and
// NODE_EXTRA_CA_CERTS (Node's own defaults), the operating system's store where the running
// Node can read it, and the PWCTL_CA_FILE / ca_file bundle.
//
// The system store is read with tls.getCACertificates('system'), which Node has from 22.15
// and 23.10 (so 24 has it; 20 does not, and there NODE_EXTRA_CA_CERTS is the way). Node's
// `ca` option replaces its defaults rather than adding to them, so when anything is added
// the whole list is given; on Node 20 that list must include the NODE_EXTRA_CA_CERTS file,
// which Node loads only into the default store. node:tls itself is required on first use:
// a command that never opens an https connection does not pay for loading it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SecureContext } from 'node:tls';
import { pemCertificates } from './ca-file.js';

type TlsModule = typeof import('node:tls') & {
  getCACertificates?: (type: 'default' | 'system' | 'bundled' | 'extra') => string[];
};

const requireBuiltin = createRequire(import.meta.url);
let tlsModule: TlsModule | undefined;

function tls(): TlsModule {
  return (tlsModule ??= requireBuiltin('node:tls') as TlsModule);
}

/** Whether this Node can read the operating system's trust store. */
export function canReadSystemStore(): boolean {
  return typeof tls().getCACertificates === 'function';
}

/**
 * The CA certificates to verify servers against, or undefined when Node's defaults are
 * already all of them (nothing extra named, no system store to add).
 */
export function trustedCertificates(extra: readonly string[], env: NodeJS.ProcessEnv): string[] | undefined {
  const { getCACertificates, rootCertificates } = tls();
  if (getCACertificates) {
    const system = getCACertificates('system');
    if (system.length === 0 && extra.length === 0) return undefined;
    return [...getCACertificates('default'), ...system, ...extra];
  }
  if (extra.length === 0) return undefined;
  return [...rootCertificates, ...nodeExtraCaCerts(env), ...extra];
}

/**
 * A getter for the secure context of those certificates, made on the first call only:
 * reading the system store and parsing a few hundred certificates is work that only an
 * https connection needs.
 */
export function lazySecureContext(extra: readonly string[], env: NodeJS.ProcessEnv): () => SecureContext | undefined {
  let made = false;
  let context: SecureContext | undefined;
  return () => {
    if (!made) {
      made = true;
      const ca = trustedCertificates(extra, env);
      context = ca && tls().createSecureContext({ ca });
    }
    return context;
  };
}

/** Node 20 only: the certificates of NODE_EXTRA_CA_CERTS (Node itself warns at start-up when the file is unreadable). */
function nodeExtraCaCerts(env: NodeJS.ProcessEnv): string[] {
  const path = env.NODE_EXTRA_CA_CERTS;
  if (!path) return [];
  try {
    return pemCertificates(readFileSync(path, 'utf8'));
  } catch {
    return [];
  }
}
