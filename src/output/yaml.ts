// YAML for JSON-shaped values (what the API returns), in yaml@2's block layout. yaml@2's
// general-purpose stringify cost ~75 µs a record, which made `-o yaml` of a long list several
// times slower than `-o json`; values that came out of JSON.parse need none of its generality.
//
// A string is written plain only when YAML 1.1 and 1.2 readers alike take it back as that
// same string: anything that could read as null, a boolean, a number or a date (`yes`, `~`,
// `1.0`, `2024-01-01`), that starts with an indicator, holds `: ` or ` #`, or has spaces at
// either end is double-quoted. Multi-line text is a literal block (`|`), unless it holds
// characters a block cannot carry; control characters are always \-escaped in double quotes,
// so they never reach a terminal raw.

/** A YAML document for one value, ending in a newline. */
export function toYaml(value: unknown): string {
  const v = jsonValue(value);
  if (Array.isArray(v)) return v.length === 0 ? '[]\n' : sequence(v, 0);
  if (isObject(v)) return mapping(v, 0) || '{}\n';
  return `${scalar(v === undefined ? null : v)}\n`;
}

/** One entry of a top-level sequence (`- …`): a list is streamed as a run of these. */
export function toYamlListItem(value: unknown): string {
  return `-${afterDash(jsonValue(value) ?? null, 0)}`;
}

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What JSON.stringify would make of a value: toJSON() applied; undefined for what it leaves out. */
function jsonValue(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return (value as { toJSON: () => unknown }).toJSON();
  }
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  return value;
}

function mapping(object: Obj, indent: number): string {
  const pad = spaces(indent);
  let out = '';
  for (const key in object) {
    if (!Object.prototype.hasOwnProperty.call(object, key)) continue;
    const value = jsonValue(object[key]);
    if (value === undefined) continue;
    out += pad + keyText(key, pad) + afterKey(value, indent);
  }
  return out;
}

function sequence(array: readonly unknown[], indent: number): string {
  const pad = spaces(indent);
  let out = '';
  for (const item of array) out += `${pad}-${afterDash(jsonValue(item) ?? null, indent)}`;
  return out;
}

/** The rest of a `key:` line (and the lines below it) for a value of a mapping at `indent`. */
function afterKey(value: unknown, indent: number): string {
  if (Array.isArray(value)) return value.length === 0 ? ' []\n' : `\n${sequence(value, indent + 2)}`;
  if (isObject(value)) {
    const body = mapping(value, indent + 2);
    return body === '' ? ' {}\n' : `\n${body}`;
  }
  return scalarAfterIndicator(value, indent);
}

/** The rest of a `-` line for an item of a sequence at `indent`; collections start on the dash's line. */
function afterDash(value: unknown, indent: number): string {
  if (Array.isArray(value)) return value.length === 0 ? ' []\n' : ` ${sequence(value, indent + 2).slice(indent + 2)}`;
  if (isObject(value)) {
    const body = mapping(value, indent + 2);
    return body === '' ? ' {}\n' : ` ${body.slice(indent + 2)}`;
  }
  return scalarAfterIndicator(value, indent);
}

function scalarAfterIndicator(value: unknown, indent: number): string {
  if (typeof value === 'string' && value.includes('\n') && fitsLiteralBlock(value)) return literalBlock(value, indent + 2);
  return ` ${scalar(value)}\n`;
}

function scalar(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return isPlainSafe(value) ? value : doubleQuoted(value);
    case 'number':
      if (Number.isFinite(value)) return Object.is(value, -0) ? '-0' : String(value);
      return Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return String(value);
    default:
      return 'null';
  }
}

/** Implicit keys may be at most 1024 characters; longer ones take the explicit `? key` form. */
function keyText(key: string, pad: string): string {
  const text = isPlainSafe(key) ? key : doubleQuoted(key);
  return text.length <= 1000 ? `${text}:` : `? ${text}\n${pad}:`;
}

// Starts that YAML reads as syntax (indicators), or that could begin a number, a date, `~`,
// `=`, `<<` or a document marker; and whitespace, which plain scalars drop.
const UNSAFE_START = /^[-?:,[\]{}#&*!|>'"%@`+.0-9~=<\s]/;
// `: ` and ` #` end a plain scalar early; a trailing space is dropped; controls must be escaped.
const UNSAFE_ANYWHERE = /: |:$| #|\s$|[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/;
// Words YAML 1.1 or 1.2 reads as null or a boolean.
const KEYWORD = /^(?:null|true|false|yes|no|on|off|y|n)$/i;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function isPlainSafe(text: string): boolean {
  return text !== '' && !UNSAFE_START.test(text) && !UNSAFE_ANYWHERE.test(text) && !KEYWORD.test(text) && !LONE_SURROGATE.test(text);
}

const ESCAPED = /["\\\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r' };

function doubleQuoted(text: string): string {
  return `"${text.replace(ESCAPED, (c) => SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

// A literal block keeps every character as written, so it can hold only printable text (tabs
// and newlines included); a first line starting with whitespace would need an explicit
// indentation indicator. Such text is double-quoted instead.
const NOT_IN_LITERAL = /^\s|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/;

function fitsLiteralBlock(text: string): boolean {
  return !NOT_IN_LITERAL.test(text) && !LONE_SURROGATE.test(text);
}

/** `|-` (no final newline), `|` (one) or `|+` (several), then each line at `indent`. */
function literalBlock(text: string, indent: number): string {
  const chomp = !text.endsWith('\n') ? '-' : text.endsWith('\n\n') ? '+' : '';
  const lines = text.split('\n');
  if (chomp !== '-') lines.pop();
  const pad = spaces(indent);
  let out = ` |${chomp}\n`;
  for (const line of lines) out += line === '' ? '\n' : `${pad}${line}\n`;
  return out;
}

const PADS: string[] = [];

function spaces(n: number): string {
  return (PADS[n] ??= ' '.repeat(n));
}
