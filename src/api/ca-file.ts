// The extra certificate authorities a user names (PWCTL_CA_FILE, config key ca_file): a PEM
// file of one or more certificates. Read with node:fs only, so `config set` can check it
// without loading TLS.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';

export interface CaFile {
  /** Absolute path. */
  path: string;
  /** Where it was named, for messages: `PWCTL_CA_FILE`, `config key ca_file (profile default)`. */
  source: string;
}

/** The PEM certificates in a text, each from its BEGIN line to its END line. */
export function pemCertificates(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/** The PEM certificates in the file; a usage error naming its source when it cannot be read or holds none. */
export function readCaBundle(file: CaFile): string[] {
  let text: string;
  try {
    text = readFileSync(file.path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    throw new UsageError(`${file.source} names ${file.path}, which cannot be read (${code})`);
  }
  const certificates = pemCertificates(text);
  if (certificates.length === 0) {
    throw new UsageError(
      `${file.source} names ${file.path}, which holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
    );
  }
  return certificates;
}

/** For `config set ca_file`: the absolute path of a readable PEM bundle, so the key works from any directory. */
export function parseCaFilePath(value: string, name: string): string {
  if (value.trim() === '') throw new UsageError(`${name} must not be empty`);
  const path = resolve(value);
  readCaBundle({ path, source: name });
  return path;
}
