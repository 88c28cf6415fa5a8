// The delivery-body scan against JSON.parse: for generated bodies (nested objects and
// arrays, escapes in every spelling, unicode, U+2028, raw DEL/C1, invalid UTF-8, numbers in
// every form, whitespace, duplicate and integer-like keys) and for broken ones, the scan
// either declines or reads exactly what listen would read from the parsed payload, and
// everything listen prints from it is byte-identical to the parsing path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../src/api/types.js';
import { toJson } from '../../src/output/json.js';
import { Delivery, jsonLine, parsePayload, tableLine } from '../../src/webhooks/delivery-record.js';
import { deliveryKey } from '../../src/webhooks/duplicates.js';
import { inferEvent } from '../../src/webhooks/infer-event.js';
import { samplePayload } from '../../src/webhooks/samples.js';
import { scanPayload } from '../../src/webhooks/scan-payload.js';

const READ_KEYS = ['id', 'title', 'phase', 'project', 'tags', 'added_tags', 'removed_tags', 'previous_due_date', 'is_approval', 'approval_status', 'milestoneable_type', 'milestoneable_id', 'is_completed', 'code', 'is_client', 'client_project_type', 'internal_project_type', 'order'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The model: what the scan must read from a parsed payload (see PayloadScan.fields). */
function expectedFields(payload: Record<string, unknown>): Record<string, unknown> {
  const reduce = (v: unknown): unknown => (Array.isArray(v) ? [] : isObject(v) ? {} : v);
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(payload)) {
    if (!READ_KEYS.includes(key) && !key.endsWith('_at')) continue;
    const value = payload[key];
    if ((key === 'added_tags' || key === 'removed_tags') && Array.isArray(value)) {
      fields[key] = value.map((t) => (isObject(t) ? ('id' in t ? { id: t.id } : {}) : reduce(t)));
    } else {
      fields[key] = reduce(value);
    }
  }
  return fields;
}

/** A body may be declined only for these reasons; anything else the scan must read. */
function mayDecline(payload: unknown, body: Buffer): boolean {
  if (!isObject(payload)) return true;
  if (body.length > 256 * 1024) return true;
  const container = (v: unknown) => v !== null && typeof v === 'object';
  if (container(payload.id) || container(payload.title)) return true;
  for (const key of ['added_tags', 'removed_tags']) {
    const tags = payload[key];
    if (Array.isArray(tags) && tags.some((t) => isObject(t) && container(t.id))) return true;
  }
  return depth(payload) > 60;
}

function depth(v: unknown): number {
  return v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0;
}

let decided = { scanned: 0, declined: 0, verbatim: 0 };

/** Everything listen reads and prints from `body` agrees between the scan and JSON.parse. */
function checkAgreement(body: Buffer, verbatim: boolean): void {
  const scan = scanPayload(body, verbatim);
  const { payload, json } = parsePayload(body);
  if (scan === undefined) {
    decided.declined++;
    if (json) expect(mayDecline(payload, body), `declined ${JSON.stringify(body.toString('latin1'))}`).toBe(true);
    return;
  }
  decided.scanned++;
  expect(json, 'the scan accepted a body JSON.parse rejects').toBe(true);
  expect(isObject(payload)).toBe(true);
  expect(scan.fields).toEqual(expectedFields(payload as Record<string, unknown>));
  const event = inferEvent(payload);
  expect(inferEvent(scan.fields)).toBe(event);
  expect(deliveryKey(event ?? '', scan.fields, 'sig')).toBe(deliveryKey(event ?? '', payload, 'sig'));
  for (const [subscription, duplicate] of [[null, false], [7, true]] as const) {
    const viaScan = new Delivery('2026-01-02T03:04:05.678Z', event ?? null, subscription, duplicate, body, scan);
    const viaParse = new Delivery('2026-01-02T03:04:05.678Z', event ?? null, subscription, duplicate, body, undefined, { payload });
    expect(tableLine(viaScan, false, undefined)).toBe(tableLine(viaParse, false, undefined));
    expect(tableLine(viaScan, true, undefined)).toBe(tableLine(viaParse, true, undefined));
    expect(jsonLine(viaScan, undefined)).toBe(jsonLine(viaParse, undefined));
    expect(viaScan.payload).toEqual(payload);
  }
  if (!verbatim) expect(scan.canonical).toBe(false);
  if (scan.canonical) {
    decided.verbatim++;
    expect(body.toString('utf8')).toBe(toJson(payload));
  }
}

// ---- Generated documents, serialised with a chosen spelling --------------------------------

type Doc = { t: 'o'; entries: Array<[string, Doc]> } | { t: 'a'; items: Doc[] } | { t: 's'; v: string } | { t: 'n'; v: string } | { t: 'l'; v: 'true' | 'false' | 'null' };

/** Stands for an invalid UTF-8 sequence: replaced in the encoded bytes. */
const BAD_UTF8 = '\ue000';

const char = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom('"', '\\', '/', '\u2028', '\u2029', '\u007f', '\u0080', '\u0085', '\u009f', '\u00a0', '\u0000', '\b', '\n', '\t', '\u001f', 'é', 'ü', '€', '😀', '\ud800', '\udfff', '\ufeff', 'a', '_', '1') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constant(BAD_UTF8) },
);
const text = fc.string({ unit: char, maxLength: 12 });
const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...READ_KEYS, 'created_at', 'updated_at', 'completed_at', 'due_date_updated_at', '_at', 'at', 'x_at', '__proto__', 'constructor', 'toString', '0', '1', '10', '01', '-1', '1a', 'name', 'color', 'a', 'b', '') },
  { weight: 1, arbitrary: text },
  { weight: 1, arbitrary: text.map((s) => `${s}_at`) },
);
const numberText = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.stringMatching(/^-?(0|[1-9][0-9]{0,24})(\.[0-9]{1,8})?([eE][+-]?[0-9]{1,3})?$/),
  fc.constantFrom('-0', '0', '-0.0', '1.0', '1e2', '1E+2', '1e+21', '1e21', '0.1', '1e-7', '100', '123456789012345', '1234567890123456', '9007199254740993', '5e-324', '1.7976931348623157e308'),
);
const { doc } = fc.letrec<{ doc: Doc; object: Doc }>((tie) => ({
  doc: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ t: fc.constant('s' as const), v: text }),
    fc.record({ t: fc.constant('n' as const), v: numberText }),
    fc.record({ t: fc.constant('l' as const), v: fc.constantFrom('true' as const, 'false' as const, 'null' as const) }),
    fc.record({ t: fc.constant('a' as const), items: fc.array(tie('doc'), { maxLength: 4 }) }),
    tie('object'),
  ),
  object: fc.record({ t: fc.constant('o' as const), entries: fc.array(fc.tuple(key, tie('doc')), { maxLength: 6 }) }),
}));
const topObject = fc.record({ t: fc.constant('o' as const), entries: fc.array(fc.tuple(key, doc), { maxLength: 12 }) });

interface Spelling {
  /** Chance of whitespace between tokens, and of an optional \u escape per character. */
  space: number;
  escape: number;
  upperHex: boolean;
  seed: number;
}
const spelling = fc.record({
  space: fc.constantFrom(0, 0, 0.1, 0.5),
  escape: fc.constantFrom(0, 0, 0.05, 0.5),
  upperHex: fc.boolean(),
  seed: fc.integer(),
});

function serialise(d: Doc, s: Spelling): Buffer {
  let state = s.seed | 0;
  const random = () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) | 0;
    return ((state >>> 0) % 10_000) / 10_000;
  };
  const ws = () => (random() < s.space ? [' ', '\n', '\t', '\r', '  '][Math.floor(random() * 5)]! : '');
  const hex = (c: number) => {
    const h = c.toString(16).padStart(4, '0');
    return `\\u${s.upperHex ? h.toUpperCase() : h}`;
  };
  const short: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  const str = (v: string) => {
    let out = '"';
    for (const ch of v) {
      const code = ch.charCodeAt(0);
      if (Object.hasOwn(short, ch) && (code >= 0x20 || random() < 0.7)) out += short[ch];
      else if (code < 0x20) out += hex(code);
      else if (ch === '/' && random() < s.escape) out += '\\/';
      else if (ch !== BAD_UTF8 && random() < s.escape) out += Array.from({ length: ch.length }, (_, k) => hex(ch.charCodeAt(k))).join('');
      else out += ch;
    }
    return `${out}"`;
  };
  const write = (x: Doc): string => {
    switch (x.t) {
      case 's':
        return str(x.v);
      case 'n':
      case 'l':
        return x.v;
      case 'a':
        return `[${ws()}${x.items.map((item) => `${write(item)}${ws()}`).join(`,${ws()}`)}]`;
      case 'o':
        return `{${ws()}${x.entries.map(([k, v]) => `${str(k)}${ws()}:${ws()}${write(v)}${ws()}`).join(`,${ws()}`)}}`;
    }
  };
  const encoded = Buffer.from(`${ws()}${write(d)}${ws()}`, 'utf8');
  return replaceBadUtf8(encoded, random);
}

/** Each encoded BAD_UTF8 (EE 80 80) becomes a lone continuation byte, a truncated sequence, 0xFF or an encoded surrogate. */
function replaceBadUtf8(body: Buffer, random: () => number): Buffer {
  const marker = Buffer.from(BAD_UTF8, 'utf8');
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(marker); at >= 0; at = body.indexOf(marker, from)) {
    parts.push(body.subarray(from, at), Buffer.from([[0x80], [0xe2, 0x80], [0xff], [0xc2], [0xed, 0xa0, 0x80], [0xc0, 0xaf]][Math.floor(random() * 6)]!));
    from = at + marker.length;
  }
  parts.push(body.subarray(from));
  return Buffer.concat(parts);
}

const RUNS = 3_000;

describe('scanPayload agrees with JSON.parse', () => {
  it('on generated objects in every spelling, with and without the canonical check', () => {
    decided = { scanned: 0, declined: 0, verbatim: 0 };
    fc.assert(
      fc.property(topObject, spelling, fc.boolean(), (d, s, verbatim) => {
        checkAgreement(serialise(d, s), verbatim);
      }),
      { numRuns: RUNS },
    );
    // Not vacuous: most bodies are scanned, and a hundred or more take the verbatim path
    // (the hostile strings usually hold something that must be printed escaped).
    expect(decided.scanned).toBeGreaterThan(RUNS * 0.6);
    expect(decided.verbatim).toBeGreaterThan(100);
  });

  it('on JSON.stringify output of generated values, which is mostly copied verbatim', () => {
    const value = fc.jsonValue({ maxDepth: 4 }).map((v) => (isObject(v) ? v : { id: 1, v }));
    let same = 0;
    let verbatim = 0;
    fc.assert(
      fc.property(value, (v) => {
        const body = Buffer.from(JSON.stringify(v));
        checkAgreement(body, true);
        // Output that would come back the same should mostly be copied (the check is
        // conservative: integer-like keys, surrogate escapes and key digests decline it).
        if (body.toString('utf8') === toJson(JSON.parse(body.toString()))) {
          same++;
          if (scanPayload(body, true)?.canonical) verbatim++;
        }
      }),
      { numRuns: RUNS },
    );
    expect(same).toBeGreaterThan(RUNS / 2);
    expect(verbatim).toBeGreaterThan(same * 0.9);
  });

  it('on any value at the top level (arrays, scalars) and on non-JSON text', () => {
    fc.assert(
      fc.property(doc, spelling, (d, s) => checkAgreement(serialise(d, s), true)),
      { numRuns: 1_000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: char, maxLength: 40 }), (t) => checkAgreement(replaceBadUtf8(Buffer.from(t), () => 0.5), true)),
      { numRuns: 1_000 },
    );
  });

  it('on broken bodies: bytes deleted, inserted, replaced, or cut off', () => {
    const mutation = fc.record({ kind: fc.constantFrom('delete', 'insert', 'replace', 'cut'), at: fc.nat(), byte: fc.oneof(fc.constantFrom(0x22, 0x5c, 0x7b, 0x7d, 0x5b, 0x5d, 0x2c, 0x3a, 0x20, 0x0a, 0x00, 0x2d, 0x30, 0x65, 0x2e, 0x74, 0x6e, 0x75), fc.integer({ min: 0, max: 255 })) });
    fc.assert(
      fc.property(topObject, spelling, fc.array(mutation, { minLength: 1, maxLength: 3 }), (d, s, mutations) => {
        let body = serialise(d, s);
        for (const m of mutations) {
          const at = body.length === 0 ? 0 : m.at % (body.length + 1);
          if (m.kind === 'delete') body = Buffer.concat([body.subarray(0, at), body.subarray(at + 1)]);
          else if (m.kind === 'insert') body = Buffer.concat([body.subarray(0, at), Buffer.from([m.byte]), body.subarray(at)]);
          else if (m.kind === 'replace' && at < body.length) body = Buffer.concat([body.subarray(0, at), Buffer.from([m.byte]), body.subarray(at + 1)]);
          else body = body.subarray(0, at);
        }
        checkAgreement(body, true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('scanPayload on the bodies listen sees', () => {
  it('reads every sample payload, and copies it verbatim', () => {
    for (const event of WEBHOOK_EVENTS) {
      const body = Buffer.from(JSON.stringify(samplePayload(event)));
      const scan = scanPayload(body, true);
      expect(scan, event).toBeDefined();
      expect(scan!.canonical).toBe(true);
      expect(inferEvent(scan!.fields)).toBe(event);
      checkAgreement(body, true);
    }
  });

  it.each([
    ['pretty-printed', '{\n  "id": 7,\n  "title": "a"\n}\n', { id: 7, title: 'a' }, false],
    ['a title with escapes and U+2028', '{"id":7,"title":"line\\nbreak \\u2028 \\"q\\" \\/"}', { id: 7, title: 'line\nbreak \u2028 "q" /' }, false],
    ['a raw U+2028, DEL and C1 in a title', '{"id":7,"title":"a\u2028b\u007fc\u0085"}', { id: 7, title: 'a\u2028b\u007fc\u0085' }, false],
    ['the escapes listen writes itself', '{"id":7,"title":"\\u001b[31m \\u007f \\u2028 \\n"}', { id: 7, title: '\u001b[31m \u007f \u2028 \n' }, true],
    ['a duplicate key (the last wins)', '{"id":7,"id":8}', { id: 8 }, false],
    ['a duplicate nested key', '{"id":7,"phase":{"a":1,"a":2}}', { id: 7, phase: {} }, false],
    ['an integer-like key', '{"id":7,"2024":true}', { id: 7 }, false],
    ['a number JSON.stringify writes differently', '{"id":1.0}', { id: 1 }, false],
    ['a large integer', '{"id":12345678901234567890}', { id: 12345678901234567890 }, false],
    ['an escaped key', '{"\\u0069d":7,"upd\\u0061ted_at":"x"}', { id: 7, updated_at: 'x' }, false],
    ['tag deltas', '{"id":7,"added_tags":[{"id":61,"name":"a"},{"name":"b"},[1],"x",5,null],"removed_tags":{}}', { id: 7, added_tags: [{ id: 61 }, {}, [], 'x', 5, null], removed_tags: {} }, true],
  ])('%s', (_name, text, fields, canonical) => {
    const body = Buffer.from(text, 'utf8');
    const scan = scanPayload(body, true);
    expect(scan?.fields).toEqual(fields);
    expect(scan?.canonical).toBe(canonical);
    checkAgreement(body, true);
  });

  it.each([
    ['not JSON', 'hello'],
    ['a top-level array', '[{"id":1}]'],
    ['a BOM before the object', '\ufeff{"id":1}'],
    ['trailing text', '{"id":1} x'],
    ['a trailing comma', '{"id":1,}'],
    ['a raw newline in a string', '{"id":1,"title":"a\nb"}'],
    ['a bad escape', '{"id":1,"title":"\\x41"}'],
    ['a short \\u escape', '{"id":1,"title":"\\u41"}'],
    ['a leading zero', '{"id":01}'],
    ['an unclosed nested string', '{"id":1,"phase":{"title":"x}}'],
    ['a title that is an object', '{"id":1,"title":{"title":"x"}}'],
    ['an empty body', ''],
  ])('declines %s', (_name, text) => {
    const body = Buffer.from(text, 'utf8');
    expect(scanPayload(body, true)).toBeUndefined();
    checkAgreement(body, true);
  });
});
