import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { toYaml, toYamlListItem } from '../../src/output/yaml.js';

// Raw control characters that must never reach a terminal (tabs and newlines excepted:
// literal blocks carry them as layout).
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

describe('toYaml: strings that would read back as something else are quoted', () => {
  const ambiguous = [
    ...['yes', 'No', 'ON', 'off', 'y', 'N', 'null', 'NULL', '~', 'true', 'False', '=', '<<'],
    ...['1', '-1', '+1', '1.0', '.5', '1e3', '0x1F', '0o17', '0777', '1_000', '1:20', '.inf', '-.inf', '.NaN'],
    ...['2024-01-01', '2025-06-30T00:00:00.000000Z', '2001-12-14 21:59:43.10 -5'],
    ...['', ' lead', 'trail ', 'a: b', 'a:', 'x #y', '- item', '? q', ': v', '#note', '@at', '`tick', '[a]', '{a}', '*ref', '&anchor', '!tag', '|', '>', '%dir', "'q'", '"q"', ',', '---', '...'],
  ];

  it.each(ambiguous)('%j is double-quoted and reads back as the same string', (text) => {
    const yaml = toYaml({ v: text });
    expect(yaml).toMatch(/^v: "/);
    expect(parse(yaml)).toEqual({ v: text });
  });

  it('leaves ordinary text plain, as yaml@2 does', () => {
    for (const text of ['Bulk task 1', 'a:b', 'a#b', 'Café ✓ 🚀 日本', 'https://x.example/a?b=c#d', 'to-do', 'v1.2']) {
      expect(toYaml({ v: text })).toBe(`v: ${text}\n`);
    }
  });

  it('quotes keys by the same rules (y and n are booleans to YAML 1.1 readers)', () => {
    expect(toYaml({ y: 1, n: 2, 'a: b': 3, id: 4 })).toBe('"y": 1\n"n": 2\n"a: b": 3\nid: 4\n');
  });
});

describe('toYaml: control characters and odd code points', () => {
  it('escapes C0, DEL, C1, line separators and BOM in double quotes', () => {
    const value = { t: 'a\u001b[31mred\u0007 del\u007f csi\u009b nel\u0085 ls\u2028 bom\ufeff' };
    const yaml = toYaml(value);
    expect(yaml).toBe('t: "a\\u001b[31mred\\u0007 del\\u007f csi\\u009b nel\\u0085 ls\\u2028 bom\\ufeff"\n');
    expect(parse(yaml)).toEqual(value);
  });

  it('escapes lone surrogates but keeps real pairs (emoji) as they are', () => {
    const value = { t: 'x\ud800y 🚀 \udc00' };
    const yaml = toYaml(value);
    expect(yaml).toBe('t: "x\\ud800y 🚀 \\udc00"\n');
    expect(parse(yaml)).toEqual(value);
  });

  it('multi-line text with a control character is double-quoted, not a literal block', () => {
    const value = { t: 'line 1\r\nline 2\u001b' };
    expect(toYaml(value)).toBe('t: "line 1\\r\\nline 2\\u001b"\n');
  });
});

describe('toYaml: multi-line text', () => {
  it('is a literal block, with the chomping that keeps its final newlines exact', () => {
    const value = { none: 'a\nb', one: 'a\nb\n', two: 'a\n\n', tab: 'code:\n\tindented\n' };
    const yaml = toYaml(value);
    expect(yaml).toBe('none: |-\n  a\n  b\none: |\n  a\n  b\ntwo: |+\n  a\n\ntab: |\n  code:\n  \tindented\n');
    expect(parse(yaml)).toEqual(value);
  });

  it('is double-quoted when its first line starts with whitespace (a block would need an indentation indicator)', () => {
    for (const text of [' indented\nnext', '\nstarts with a newline', '\tx\ny']) {
      const yaml = toYaml({ t: text });
      expect(yaml).toMatch(/^t: "/);
      expect(parse(yaml)).toEqual({ t: text });
    }
  });

  it('keeps blank and space-only lines inside a block', () => {
    const value = { t: 'a\n\n  b\n   \nc \n' };
    expect(parse(toYaml(value))).toEqual(value);
  });
});

describe('toYaml: layout', () => {
  // Every string here is plain to both emitters, so the text must be identical.
  const task = {
    id: 101,
    title: 'Bulk task 1',
    completed: false,
    approval_status: null,
    score: -2.5,
    phase: { id: 41, title: 'To do', is_internal: false },
    assignees: [],
    meta: {},
    tags: [{ id: 62, name: 'design' }, { id: 63, name: 'copy' }],
    matrix: [[1, 2], [], [{ a: 1 }]],
    body: 'first line\nsecond line\n',
  };

  it("matches yaml@2's block layout for records (what -o yaml printed before)", () => {
    expect(toYaml(task)).toBe(stringify(task, { lineWidth: 0 }));
    expect(toYamlListItem(task)).toBe(stringify([task], { lineWidth: 0 }));
  });

  it('prints empty and scalar documents', () => {
    expect([toYaml([]), toYaml({}), toYaml(null), toYaml(5), toYaml('yes'), toYaml(true)]).toEqual(['[]\n', '{}\n', 'null\n', '5\n', '"yes"\n', 'true\n']);
    expect(toYaml('two\nlines')).toBe('"two\\nlines"\n');
    expect(toYamlListItem({})).toBe('- {}\n');
  });

  it('writes numbers as JSON does, and keeps -0', () => {
    const value = [0, -0, 1.5, 1e21, 5e-324, 12345678901234567890, -7];
    const yaml = toYaml(value);
    expect(yaml).toBe('- 0\n- -0\n- 1.5\n- 1e+21\n- 5e-324\n- 12345678901234567000\n- -7\n');
    expect(Object.is(parse(yaml)[1], -0)).toBe(true);
    expect(parse(yaml)).toEqual(value);
  });

  it('follows JSON for what it leaves out: undefined members dropped, undefined items null, toJSON applied', () => {
    const value = { a: undefined, b: [undefined, () => 1], when: new Date('2024-01-02T03:04:05.000Z'), c: 1 };
    expect(toYaml(value)).toBe('b:\n  - null\n  - null\nwhen: "2024-01-02T03:04:05.000Z"\nc: 1\n');
    expect(toYaml({ a: undefined })).toBe('{}\n');
  });

  it('writes a key longer than YAML allows for an implicit key in the explicit form', () => {
    const key = 'k'.repeat(1100);
    const value = { [key]: { nested: ['x'] }, [`${key}2`]: 'multi\nline', short: 1 };
    const yaml = toYaml(value);
    expect(yaml.startsWith(`? ${key}\n:\n  nested:\n`)).toBe(true);
    expect(parse(yaml)).toEqual(value);
  });
});

describe('toYaml: property — any JSON value reads back as itself', () => {
  // A small seeded generator (mulberry32), so a failure is reproducible from the printed seed.
  function random(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  // Fragments chosen to collide with YAML syntax, resolution and escaping.
  const FRAGMENTS = [
    'a', 'task', 'yes', 'no', 'null', '~', 'true', 'y', '0', '1', '.5', '1e3', '0x1F', '-', '+', '.', ':', ': ', ' #', '#', '?', '!', '&', '*',
    '|', '>', '%', '@', '`', '"', "'", '\\', '[', ']', '{', '}', ',', ' ', '  ', '\t', '\n', '\n\n', '\r', '\u001b', '\u0007', '\u007f', '\u0085',
    '\u009b', '\u00a0', '\u2028', '\ufeff', '\ud800', '\udc00', 'é', '✓', '🚀', '日本', '2024-01-01', '---', '...', '<<', '=',
  ];

  function text(rand: () => number): string {
    let s = '';
    const parts = Math.floor(rand() * 6);
    for (let i = 0; i < parts; i++) s += FRAGMENTS[Math.floor(rand() * FRAGMENTS.length)];
    return s;
  }

  function value(rand: () => number, depth: number): unknown {
    const r = rand();
    if (depth > 3 || r < 0.45) {
      const kind = Math.floor(rand() * 6);
      if (kind === 0) return null;
      if (kind === 1) return rand() < 0.5;
      if (kind === 2) return rand() < 0.5 ? Math.floor(rand() * 2000) - 1000 : (rand() - 0.5) * 10 ** Math.floor(rand() * 40 - 20);
      return text(rand);
    }
    const size = Math.floor(rand() * 4);
    if (r < 0.7) return Array.from({ length: size }, () => value(rand, depth + 1));
    const object: Record<string, unknown> = {};
    for (let i = 0; i < size; i++) object[text(rand)] = value(rand, depth + 1);
    return object;
  }

  it('2,000 generated values, as documents and as a streamed list', () => {
    const seed = 20_240_101;
    const rand = random(seed);
    const values = Array.from({ length: 2000 }, () => value(rand, 0));
    let list = '';
    for (const [i, v] of values.entries()) {
      const yaml = toYaml(v);
      expect(RAW_CONTROL.test(yaml), `seed ${seed}, value ${i}: raw control character in ${JSON.stringify(yaml)}`).toBe(false);
      expect(parse(yaml), `seed ${seed}, value ${i}: ${JSON.stringify(yaml)}`).toEqual(v);
      list += toYamlListItem(v);
    }
    expect(parse(list)).toEqual(values);
  });
});
