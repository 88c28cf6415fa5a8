// What `listen` needs from a delivery body, read straight from the raw bytes in one bounded
// pass, without building the payload: JSON.parse of a 2 KB body and the garbage it leaves
// cost more than everything else a delivery does after its answer. The scan validates the
// whole body as JSON and declines (undefined) whenever it is not sure to agree with
// JSON.parse, so callers fall back to parsing; declining is always safe.
export interface PayloadScan {
  /**
   * The top-level fields listen reads: `id`, `title`, every `*_at`, and the keys event
   * inference and duplicate keys look at. Scalars are JSON.parse's values. Objects and
   * arrays are reduced to what those readers use: an object is `{}`, an array `[]`,
   * except that the elements of `added_tags`/`removed_tags` keep their `id` (`{id}`,
   * `{}`, `[]`, or a scalar element itself).
   */
  fields: Record<string, unknown>;
  /**
   * The body's text is exactly what listen would print for the parsed payload (compact, no
   * duplicate or array-index keys, numbers and escapes as JSON.stringify writes them, no
   * raw DEL, C1 or U+2028/2029), so it can be copied verbatim. Invalid UTF-8 does not
   * matter: both ways decode the body the same, with U+FFFD.
   */
  canonical: boolean;
}

/** Top-level keys whose values listen reads, besides every key ending in `_at`. */
const READ_KEYS = [
  'id',
  'title',
  'phase',
  'project',
  'tags',
  'added_tags',
  'removed_tags',
  'previous_due_date',
  'is_approval',
  'approval_status',
  'milestoneable_type',
  'milestoneable_id',
  'is_completed',
  'code',
  'is_client',
  'client_project_type',
  'internal_project_type',
  'order',
] as const;
const READ_KEY_SET: ReadonlySet<string> = new Set(READ_KEYS);

/** The read keys and the usual `*_at` keys as bytes, by length, for matching keys without making strings. */
const KEYS_BY_LENGTH: Array<Array<{ name: string; bytes: Uint8Array }>> = [];
for (const name of [...READ_KEYS, 'created_at', 'updated_at', 'completed_at', 'due_date_updated_at']) {
  (KEYS_BY_LENGTH[name.length] ??= []).push({ name, bytes: Buffer.from(name, 'latin1') });
}

/** Bodies larger than this are left to JSON.parse, so the scratch copy stays small. */
const MAX_SCAN_BYTES = 256 * 1024;
const MAX_DEPTH = 64;
const MAX_KEYS = 1_024;
/** Zero bytes after the copied body: a read a few bytes past the end sees a control byte. */
const PADDING = 8;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * Bytes the string loop stops at: quote, backslash and controls; when checking for the
 * canonical form also DEL and the lead bytes of C1 (C2) and U+2028/9 (E2).
 */
const STOP_VALID = new Uint8Array(256);
for (let c = 0; c < 0x20; c++) STOP_VALID[c] = 1;
STOP_VALID[QUOTE] = 1;
STOP_VALID[BACKSLASH] = 1;
const STOP_CANONICAL = STOP_VALID.slice();
STOP_CANONICAL[0x7f] = 1;
STOP_CANONICAL[0xc2] = 1;
STOP_CANONICAL[0xe2] = 1;

/** Hex digit values, -1 for other bytes; `HEX_LOWER` marks the spellings JSON.stringify uses. */
const HEX = new Int8Array(256).fill(-1);
const HEX_LOWER = new Uint8Array(256);
for (let c = 0; c < 10; c++) (HEX[0x30 + c] = c), (HEX_LOWER[0x30 + c] = 1);
for (let c = 0; c < 6; c++) (HEX[0x61 + c] = 10 + c), (HEX[0x41 + c] = 10 + c), (HEX_LOWER[0x61 + c] = 1);

// The body is copied into a scratch array (one scan at a time: it is synchronous): zeros
// after it end every loop without a bounds check, and a plain Uint8Array reads faster.
let u8 = new Uint8Array(4_096);
// The body itself, for slicing strings out of it, while it is scanned.
const EMPTY = Buffer.alloc(0);
let src: Buffer = EMPTY;
let stop = STOP_VALID;

// Containers open inside a skipped value: their opening byte, and where their keys start in keyDigests.
const kinds = new Uint8Array(MAX_DEPTH + 1);
const keyStart = new Int32Array(MAX_DEPTH + 1);
// Digests of the keys of the objects open at the moment (top level first), to find duplicates.
const keyDigests = new Int32Array(MAX_KEYS);
let keyTop = 0;

/** Checking for the canonical form at all, and whether the body still has it. */
let checking = false;
let canonical = false;
/** Set when a string scanned since it was cleared held an escape. */
let sawEscape = false;

/**
 * The fields listen reads from a delivery body, or undefined when the body is not a JSON
 * object or the scan is not sure to agree with JSON.parse (the caller then parses).
 * `checkCanonical` asks whether the body can be printed verbatim (json output); without it
 * `canonical` is false.
 */
export function scanPayload(body: Buffer, checkCanonical: boolean): PayloadScan | undefined {
  const n = body.length;
  if (n > MAX_SCAN_BYTES) return undefined;
  if (n + PADDING > u8.length) u8 = new Uint8Array(Math.max(n + PADDING, 2 * u8.length));
  u8.set(body);
  u8.fill(0, n, n + PADDING);
  src = body;
  checking = canonical = checkCanonical;
  stop = checkCanonical ? STOP_CANONICAL : STOP_VALID;
  keyTop = 0;
  const fields = readObject(skipSpace(0), n);
  src = EMPTY;
  if (fields === undefined || fields.id === UNREAD || fields.title === UNREAD || hasUnreadId(fields.added_tags) || hasUnreadId(fields.removed_tags)) return undefined;
  return { fields, canonical };
}

/**
 * Stands for an object or array where cellText or String() would read it (an `id`, a
 * `title`, a tag's `id`): not worth reproducing, so the scan declines if it is the value
 * that stays (a later duplicate key may replace it).
 */
const UNREAD = Object.freeze({});

function hasUnreadId(tags: unknown): boolean {
  return Array.isArray(tags) && tags.some((tag) => (tag as { id?: unknown } | null)?.id === UNREAD);
}

/** The top-level object at i, which must end the body at n: the fields read from it. */
function readObject(i: number, n: number): Record<string, unknown> | undefined {
  const b = u8;
  const fields: Record<string, unknown> = {};
  if (b[i] !== OPEN_OBJECT) return undefined;
  i = skipSpace(i + 1);
  if (b[i] !== CLOSE_OBJECT) {
    for (;;) {
      // A key.
      if (b[i] !== QUOTE) return undefined;
      const keyFrom = i + 1;
      sawEscape = false;
      const keyEnd = skipString(keyFrom);
      if (keyEnd < 0) return undefined;
      if (checking) checkKey(keyFrom, keyEnd, 0);
      const name = sawEscape ? readKeyName(JSON.parse(utf8(keyFrom - 1, keyEnd + 1)) as string) : matchReadKey(keyFrom, keyEnd);
      i = keyEnd + 1;
      if (b[i] !== COLON) {
        i = skipSpace(i);
        if (b[i] !== COLON) return undefined;
      }
      i = skipSpace(i + 1);
      // Its value.
      if (name === undefined) i = skipValue(i);
      else if (name === 'added_tags' || name === 'removed_tags') i = readTags(i, fields, name);
      else i = readScalar(i, fields, name);
      if (i < 0) return undefined;
      // A comma and the next key, or the end.
      if (b[i]! <= 0x20) i = skipSpace(i);
      if (b[i] !== COMMA) break;
      i = skipSpace(i + 1);
    }
    if (b[i] !== CLOSE_OBJECT) return undefined;
  }
  return skipSpace(i + 1) === n ? fields : undefined;
}

/**
 * The value at i as `target[name]`: scalars as they are, objects and arrays as `{}` or
 * `[]` (UNREAD for an `id` or `title`). The index after the value, or -1.
 */
function readScalar(i: number, target: Record<string, unknown>, name: string): number {
  const b = u8;
  const c = b[i]!;
  if (c === QUOTE) {
    sawEscape = false;
    const end = skipString(i + 1);
    if (end < 0) return -1;
    target[name] = sawEscape ? JSON.parse(utf8(i, end + 1)) : utf8(i + 1, end);
    return end + 1;
  }
  const end = skipValue(i);
  if (end < 0) return -1;
  if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
    target[name] = name === 'id' || name === 'title' ? UNREAD : c === OPEN_OBJECT ? {} : [];
  } else {
    target[name] = scalarAt(i, end);
  }
  return end;
}

/** The value of the string, number, true, false or null spanning [from, to). */
function scalarAt(from: number, to: number): unknown {
  const c = u8[from];
  if (c === QUOTE) return sawEscapeIn(from + 1, to - 1) ? JSON.parse(utf8(from, to)) : utf8(from + 1, to - 1);
  if (c === 0x74) return true;
  if (c === 0x66) return false;
  if (c === 0x6e) return null;
  return Number(latin1(from, to));
}

function sawEscapeIn(from: number, to: number): boolean {
  const b = u8;
  for (let k = from; k < to; k++) if (b[k] === BACKSLASH) return true;
  return false;
}

/**
 * added_tags/removed_tags at i: an array's elements keep what duplicate keys read (an
 * object's `id` as `{id}` or `{}`, an array as `[]`, a scalar as itself); anything else
 * is read as a scalar would be. The index after the value, or -1.
 */
function readTags(i: number, fields: Record<string, unknown>, name: string): number {
  const b = u8;
  if (b[i] !== OPEN_ARRAY) return readScalar(i, fields, name);
  const list: unknown[] = [];
  fields[name] = list;
  i = skipSpace(i + 1);
  if (b[i] === CLOSE_ARRAY) return i + 1;
  const outerKeys = keyTop;
  for (;;) {
    const c = b[i];
    if (c === OPEN_OBJECT) {
      const element: Record<string, unknown> = {};
      list.push(element);
      keyTop = outerKeys;
      const from = keyTop;
      i = skipSpace(i + 1);
      if (b[i] !== CLOSE_OBJECT) {
        for (;;) {
          if (b[i] !== QUOTE) return -1;
          const keyFrom = i + 1;
          sawEscape = false;
          const keyEnd = skipString(keyFrom);
          if (keyEnd < 0) return -1;
          if (checking) checkKey(keyFrom, keyEnd, from);
          const isId = sawEscape ? JSON.parse(utf8(keyFrom - 1, keyEnd + 1)) === 'id' : keyEnd - keyFrom === 2 && b[keyFrom] === 0x69 && b[keyFrom + 1] === 0x64;
          i = keyEnd + 1;
          if (b[i] !== COLON) {
            i = skipSpace(i);
            if (b[i] !== COLON) return -1;
          }
          i = skipSpace(i + 1);
          i = isId ? readScalar(i, element, 'id') : skipValue(i);
          if (i < 0) return -1;
          if (b[i]! <= 0x20) i = skipSpace(i);
          if (b[i] !== COMMA) break;
          i = skipSpace(i + 1);
        }
        if (b[i] !== CLOSE_OBJECT) return -1;
      }
      i++;
    } else if (c === OPEN_ARRAY) {
      list.push([]);
      i = skipValue(i);
    } else {
      const end = skipValue(i);
      if (end < 0) return -1;
      list.push(scalarAt(i, end));
      i = end;
    }
    if (i < 0) return -1;
    if (b[i]! <= 0x20) i = skipSpace(i);
    if (b[i] !== COMMA) break;
    i = skipSpace(i + 1);
  }
  keyTop = outerKeys;
  return b[i] === CLOSE_ARRAY ? i + 1 : -1;
}

/** The index after the JSON value at i, or -1 when it is not valid. */
function skipValue(i: number): number {
  const b = u8;
  let depth = 0;
  for (;;) {
    // A value starts at i.
    let c = b[i]!;
    if (c === QUOTE) {
      i = skipString(i + 1);
      if (i < 0) return -1;
      i++;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth === MAX_DEPTH) return -1;
      depth++;
      kinds[depth] = c;
      keyStart[depth] = keyTop;
      i++;
      if (b[i]! <= 0x20) i = skipSpace(i);
      if (b[i] !== c + 2) {
        // Not empty ({ + 2 is }, [ + 2 is ]): the first key or element.
        if (c === OPEN_OBJECT) {
          i = readKey(i, depth);
          if (i < 0) return -1;
        }
        continue;
      }
      // Empty: closed below.
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      i = skipNumber(i);
      if (i < 0) return -1;
    } else if (c === 0x74) {
      if (b[i + 1] !== 0x72 || b[i + 2] !== 0x75 || b[i + 3] !== 0x65) return -1;
      i += 4;
    } else if (c === 0x66) {
      if (b[i + 1] !== 0x61 || b[i + 2] !== 0x6c || b[i + 3] !== 0x73 || b[i + 4] !== 0x65) return -1;
      i += 5;
    } else if (c === 0x6e) {
      if (b[i + 1] !== 0x75 || b[i + 2] !== 0x6c || b[i + 3] !== 0x6c) return -1;
      i += 4;
    } else {
      return -1;
    }
    // After a value: closing brackets, then a comma and the next key or element.
    for (;;) {
      if (depth === 0) return i;
      c = b[i]!;
      if (c <= 0x20) {
        i = skipSpace(i);
        c = b[i]!;
      }
      if (c === COMMA) break;
      if (c !== kinds[depth]! + 2) return -1;
      keyTop = keyStart[depth]!;
      depth--;
      i++;
    }
    i++;
    if (b[i]! <= 0x20) i = skipSpace(i);
    if (kinds[depth] === OPEN_OBJECT) {
      i = readKey(i, depth);
      if (i < 0) return -1;
    }
  }
}

/** Read `"key"` `:` at i, and the whitespace after it: the index of the value, or -1. */
function readKey(i: number, depth: number): number {
  const b = u8;
  if (b[i] !== QUOTE) return -1;
  const end = skipString(i + 1);
  if (end < 0) return -1;
  if (checking) checkKey(i + 1, end, keyStart[depth]!);
  i = end + 1;
  if (b[i] !== COLON) {
    i = skipSpace(i);
    if (b[i] !== COLON) return -1;
  }
  i++;
  if (b[i]! <= 0x20) i = skipSpace(i);
  return i;
}

/**
 * JSON.parse puts array-index keys first and keeps only the last of duplicate keys, so a
 * body with either would not come back the same: not canonical. Keys are compared by a
 * digest of their bytes; two different keys with one digest only cost the fast path.
 */
function checkKey(from: number, end: number, objectStart: number): void {
  const b = u8;
  const length = end - from;
  const first = b[from]!;
  if (first >= 0x30 && first <= 0x39 && isArrayIndex(from, end)) {
    canonical = false;
    return;
  }
  const digest = length | (first << 8) | (b[end - 1]! << 16) | (b[from + (length >> 1)]! << 24);
  for (let k = objectStart; k < keyTop; k++) {
    if (keyDigests[k] === digest) {
      canonical = false;
      return;
    }
  }
  if (keyTop === MAX_KEYS) canonical = false;
  else keyDigests[keyTop++] = digest;
}

/** The key [from, end) is an array index ("0" to "4294967294"), which objects order first. */
function isArrayIndex(from: number, end: number): boolean {
  const b = u8;
  if (end - from > 10 || (b[from] === 0x30 && end - from > 1)) return false;
  for (let k = from; k < end; k++) if (!isDigit(b[k]!)) return false;
  return Number(latin1(from, end)) < 4_294_967_295;
}

/** `name` when listen reads that top-level key, else undefined. */
function readKeyName(name: string): string | undefined {
  return name.endsWith('_at') || READ_KEY_SET.has(name) ? name : undefined;
}

/** The read key (or `*_at` key) spelled by the bytes [from, end), else undefined. */
function matchReadKey(from: number, end: number): string | undefined {
  const b = u8;
  const length = end - from;
  const candidates = KEYS_BY_LENGTH[length];
  if (candidates !== undefined) {
    for (let j = 0; j < candidates.length; j++) {
      const { name, bytes } = candidates[j]!;
      let k = 0;
      while (k < length && b[from + k] === bytes[k]) k++;
      if (k === length) return name;
    }
  }
  if (length >= 3 && b[end - 3] === 0x5f && b[end - 2] === 0x61 && b[end - 1] === 0x74) return utf8(from, end);
  return undefined;
}

/** The index of the closing quote of the string whose content starts at i, or -1 when it is not valid. */
function skipString(i: number): number {
  const b = u8;
  const table = stop;
  for (;;) {
    // To the next byte that needs a look, four at a time (the zeros past the end stop it).
    for (;;) {
      if (table[b[i]!] !== 0) break;
      if (table[b[i + 1]!] !== 0) {
        i += 1;
        break;
      }
      if (table[b[i + 2]!] !== 0) {
        i += 2;
        break;
      }
      if (table[b[i + 3]!] !== 0) {
        i += 3;
        break;
      }
      i += 4;
    }
    const c = b[i]!;
    if (c === QUOTE) return i;
    i = stringSpecial(i, c);
    if (i < 0) return -1;
  }
}

/**
 * A byte the string loop stopped at other than the closing quote: the index after it (and
 * its escape sequence), or -1 when it is not valid. Sets `sawEscape`, and clears
 * `canonical` for anything JSON.stringify (plus listen's escaping of DEL, C1 and U+2028/9)
 * would write differently.
 */
function stringSpecial(i: number, c: number): number {
  const b = u8;
  if (c < 0x20) return -1; // a raw control byte, or the zeros past the end
  if (c !== BACKSLASH) {
    // DEL, C1 (C2 80–9F) and U+2028/9 (E2 80 A8/A9) are valid JSON but printed escaped.
    if (c === 0x7f || (c === 0xc2 && b[i + 1]! >= 0x80 && b[i + 1]! <= 0x9f) || (c === 0xe2 && b[i + 1] === 0x80 && (b[i + 2] === 0xa8 || b[i + 2] === 0xa9))) canonical = false;
    return i + 1;
  }
  sawEscape = true;
  const e = b[i + 1];
  if (e === QUOTE || e === BACKSLASH || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) return i + 2;
  if (e === 0x2f) {
    canonical = false;
    return i + 2;
  }
  if (e !== 0x75) return -1;
  const h1 = HEX[b[i + 2]!]!;
  const h2 = HEX[b[i + 3]!]!;
  const h3 = HEX[b[i + 4]!]!;
  const h4 = HEX[b[i + 5]!]!;
  if ((h1 | h2 | h3 | h4) < 0) return -1;
  if (canonical) {
    const code = (h1 << 12) | (h2 << 8) | (h3 << 4) | h4;
    const lower = HEX_LOWER[b[i + 2]!]! & HEX_LOWER[b[i + 3]!]! & HEX_LOWER[b[i + 4]!]! & HEX_LOWER[b[i + 5]!]!;
    // The only \u escapes in listen's JSON: controls without a short form, DEL, C1, U+2028/9.
    const ours = (code < 0x20 && code !== 0x08 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    if (!lower || !ours) canonical = false;
  }
  return i + 6;
}

/** The index after the JSON number at i, or -1; clears `canonical` unless JSON.stringify would write it the same. */
function skipNumber(i: number): number {
  const b = u8;
  const start = i;
  if (b[i] === 0x2d) i++;
  const digitsFrom = i;
  const c = b[i]!;
  if (c === 0x30) i++;
  else if (c >= 0x31 && c <= 0x39) while (isDigit(b[i]!)) i++;
  else return -1;
  let plain = i - digitsFrom <= 15 && !(b[start] === 0x2d && b[digitsFrom] === 0x30);
  if (b[i] === 0x2e) {
    i++;
    if (!isDigit(b[i]!)) return -1;
    while (isDigit(b[i]!)) i++;
    plain = false;
  }
  if (b[i] === 0x65 || b[i] === 0x45) {
    i++;
    if (b[i] === 0x2b || b[i] === 0x2d) i++;
    if (!isDigit(b[i]!)) return -1;
    while (isDigit(b[i]!)) i++;
    plain = false;
  }
  if (!plain && canonical) {
    const text = latin1(start, i);
    if (String(Number(text)) !== text) canonical = false;
  }
  return i;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** The index of the first byte at or after i that is not JSON whitespace; whitespace makes the body non-canonical. */
function skipSpace(i: number): number {
  const b = u8;
  let c = b[i];
  if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
  canonical = false;
  do c = b[++i];
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09);
  return i;
}

// Buffer's own slicers, without toString's argument handling.
type Slicing = Buffer & { utf8Slice(start: number, end: number): string; latin1Slice(start: number, end: number): string };

function utf8(start: number, end: number): string {
  return (src as Slicing).utf8Slice(start, end);
}

function latin1(start: number, end: number): string {
  return (src as Slicing).latin1Slice(start, end);
}
