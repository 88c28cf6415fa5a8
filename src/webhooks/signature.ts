// Delivery signatures: the hex HMAC-SHA256 of the exact raw body under a subscription's
// secret. `listen` and `verify` share these functions, so the two can never disagree.
import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';

/** A Signature header is exactly 64 hex characters; anything else is malformed. */
const WELL_FORMED = /^[0-9a-fA-F]{64}$/;

/** A secret as given, or prepared once with crypto.createSecretKey (cheaper per HMAC). */
export type SigningKey = string | KeyObject;

export function signBody(secret: SigningKey, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export function isWellFormedSignature(signature: unknown): signature is string {
  return typeof signature === 'string' && WELL_FORMED.test(signature);
}

/** Why a signature header cannot be checked at all, or undefined when it is well formed. */
export function describeMalformedSignature(signature: string | undefined): string | undefined {
  if (signature === undefined) return 'no Signature header';
  if (isWellFormedSignature(signature)) return undefined;
  if (signature === '') return 'empty Signature header';
  return `malformed Signature header (expected 64 hex characters, got ${[...signature].length} characters${/^[0-9a-fA-F]*$/.test(signature) ? '' : ', not all hex'})`;
}

/**
 * The index of the first secret under which `signature` is the body's HMAC, or -1.
 * The header's form is checked first, so the constant-time compare always sees two
 * 32-byte buffers and never throws on a length mismatch.
 */
export function matchSignature(
  body: Buffer | string,
  signature: string | undefined,
  secrets: readonly SigningKey[],
): number {
  if (!isWellFormedSignature(signature)) return -1;
  const expected = Buffer.from(signature, 'hex');
  for (let i = 0; i < secrets.length; i++) {
    const actual = createHmac('sha256', secrets[i]!).update(body).digest();
    if (timingSafeEqual(actual, expected)) return i;
  }
  return -1;
}

export function verifySignature(body: Buffer | string, signature: string | undefined, secret: SigningKey): boolean {
  return matchSignature(body, signature, [secret]) === 0;
}
