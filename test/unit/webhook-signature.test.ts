import { createHmac, createSecretKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  describeMalformedSignature,
  isWellFormedSignature,
  matchSignature,
  signBody,
  verifySignature,
} from '../../src/webhooks/signature.js';

const SECRET = 'whsec_3f1c9a';

function reference(secret: string, body: Buffer): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex');
}

const TRICKY_BODIES: Record<string, Buffer> = {
  'invalid UTF-8 bytes': Buffer.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x80, 0x22, 0x7d]),
  emoji: Buffer.from('{"title":"Ship it 🚀👩🏽‍💻"}', 'utf8'),
  'U+2028 and U+2029 raw': Buffer.from('{"title":"line\u2028sep\u2029para"}', 'utf8'),
  'escaped U+2028': Buffer.from('{"title":"line\\u2028sep"}', 'utf8'),
  'escapes and slashes': Buffer.from('{"t":"a\\"b\\\\c\\/d\\n\\t\\u00e9"}', 'utf8'),
  'pretty-printed JSON with CRLF': Buffer.from('{\r\n  "id": 1,\r\n  "title": "x"\r\n}\r\n', 'utf8'),
  'empty body': Buffer.alloc(0),
  'NUL bytes': Buffer.from([0x00, 0x7b, 0x00, 0x7d]),
};

describe('signBody / verifySignature over raw bytes', () => {
  for (const [name, body] of Object.entries(TRICKY_BODIES)) {
    it(`signs and verifies ${name} exactly as the reference HMAC does`, () => {
      const signature = signBody(SECRET, body);
      expect(signature).toBe(reference(SECRET, body));
      expect(verifySignature(body, signature, SECRET)).toBe(true);
      expect(verifySignature(body, signature.toUpperCase(), SECRET)).toBe(true);
    });
  }

  it('rejects the body once re-serialised, even when the JSON value is the same', () => {
    const raw = TRICKY_BODIES['pretty-printed JSON with CRLF']!;
    const signature = signBody(SECRET, raw);
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString('utf8'))), 'utf8');
    expect(verifySignature(reserialised, signature, SECRET)).toBe(false);
  });

  it('rejects invalid UTF-8 after a decode/encode round trip (bytes changed)', () => {
    const raw = TRICKY_BODIES['invalid UTF-8 bytes']!;
    const signature = signBody(SECRET, raw);
    const roundTripped = Buffer.from(raw.toString('utf8'), 'utf8');
    expect(roundTripped.equals(raw)).toBe(false);
    expect(verifySignature(roundTripped, signature, SECRET)).toBe(false);
  });

  it('rejects a one-byte change and a different secret', () => {
    const body = Buffer.from('{"id":101}');
    const signature = signBody(SECRET, body);
    expect(verifySignature(Buffer.from('{"id":102}'), signature, SECRET)).toBe(false);
    expect(verifySignature(body, signature, `${SECRET}x`)).toBe(false);
  });

  it('gives the same result with a prepared key object', () => {
    const body = TRICKY_BODIES.emoji!;
    const key = createSecretKey(Buffer.from(SECRET, 'utf8'));
    expect(signBody(key, body)).toBe(signBody(SECRET, body));
    expect(verifySignature(body, signBody(SECRET, body), key)).toBe(true);
  });

  it('signs a string body as its UTF-8 bytes', () => {
    expect(signBody(SECRET, 'café')).toBe(reference(SECRET, Buffer.from('café', 'utf8')));
  });
});

describe('malformed signatures never throw and never verify', () => {
  const body = Buffer.from('{"id":1}');
  const good = signBody(SECRET, body);
  const cases: Record<string, string | undefined> = {
    missing: undefined,
    empty: '',
    '63 hex': good.slice(0, 63),
    '65 hex': `${good}0`,
    'non-hex of length 64': `${good.slice(0, 63)}g`,
    'sha256= prefix': `sha256=${good}`,
    'surrounding whitespace': ` ${good}`,
    'multi-byte characters (64 code units)': `${good.slice(0, 62)}é€`,
    'multi-byte characters (64 bytes in UTF-8)': `${good.slice(0, 61)}é€`,
    'two signatures joined': `${good}, ${good}`,
  };
  for (const [name, signature] of Object.entries(cases)) {
    it(name, () => {
      expect(isWellFormedSignature(signature)).toBe(false);
      expect(() => verifySignature(body, signature, SECRET)).not.toThrow();
      expect(verifySignature(body, signature, SECRET)).toBe(false);
      expect(matchSignature(body, signature, [SECRET, 'other'])).toBe(-1);
      expect(describeMalformedSignature(signature)).toMatch(/Signature header/);
    });
  }

  it('describes a well-formed signature as not malformed', () => {
    expect(describeMalformedSignature(good)).toBeUndefined();
    expect(describeMalformedSignature(undefined)).toBe('no Signature header');
    expect(describeMalformedSignature('abc')).toContain('got 3 characters');
  });
});

describe('matchSignature', () => {
  it('returns the index of the secret that signed the body', () => {
    const body = Buffer.from('{"id":7}');
    expect(matchSignature(body, signBody('b', body), ['a', 'b', 'c'])).toBe(1);
    expect(matchSignature(body, signBody('z', body), ['a', 'b', 'c'])).toBe(-1);
    expect(matchSignature(body, signBody('a', body), [])).toBe(-1);
  });
});
