// The verdict on a whole body: the known secret whose signature it carries, or why it is
// refused (401), in the words the sender, the terminal and the inbox are given.
import type { RejectionKind } from './rejections.js';
import { describeMalformedSignature } from './signature.js';
import type { KnownSecret, SigningSecrets } from './signing-secrets.js';

export type DeliveryVerdict =
  | { ok: true; secret: KnownSecret }
  | { ok: false; kind: Extract<RejectionKind, 'no-signature' | 'malformed-signature' | 'no-match'>; reason: string };

export function verifyDelivery(secrets: SigningSecrets, body: Buffer, signature: string | undefined): DeliveryVerdict {
  const secret = secrets.match(body, signature);
  if (secret) return { ok: true, secret };
  const malformed = describeMalformedSignature(signature);
  if (malformed !== undefined)
    return { ok: false, kind: signature === undefined ? 'no-signature' : 'malformed-signature', reason: malformed };
  const count = secrets.entries.length;
  return {
    ok: false,
    kind: 'no-match',
    reason: `signature does not match any of ${count} known secret${count === 1 ? '' : 's'}`,
  };
}
