import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { toYaml, toYamlListItem } from '../../src/output/yaml.js';

// Raw control characters that must never reach a terminal (tabs and newlines excepted:
// literal blocks carry them as layout).
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** What a YAML 1.2 reader and a YAML 1.1 reader (PyYAML's rules) both make of it. */
function readBoth(yaml: string): unknown {
  const v12 = parse(yaml);
  expect(parse(yaml, { version: '1.1' })).toEqual(v12);
  return v12;
}

describe('toYaml: strings that would read back as something else are quoted', () => {
  const ambiguous = [
    ...['yes', 'No', 'ON', 'off', 'y', 'N', 'null', 'NULL', '~', 'true', 'False', '<<'],
    ...['1', '-1', '+1', '1.0', '.5', '1e3', '0x1F', '0o17', '0777', '1_000', '1:20', '.inf', '-.inf', '.NaN'],
    ...['2024-01-01', '2025-06-30T00:00:00.000000Z', '2001-12-14 21:59:43.10 -5'],
    ...[
      '',
      ' lead',
      'trail ',
      'a: b',
      'a:',
      'x #y',
      '- item',
      '? q',
      ': v',
      '#note',
      '@at',
      '`tick',
      '[a]',
      '{a}',
      '*ref',
      '&anchor',
      '!tag',
      '|',
      '>',
      '%dir',
      "'q'",
      '"q"',
      ',',
      '---',
      '...',
    ],
  ];

  it.each(ambiguous)('%j reads back as the same string under YAML 1.1 and 1.2', (text) => {
    expect(readBoth(toYaml({ v: text }))).toEqual({ v: text });
  });

  it('leaves ordinary text plain', () => {
    for (const text of ['Bulk task 1', 'a:b', 'a#b', 'Café ✓ 🚀 日本', 'https://x.example/a?b=c#d', 'to-do', 'v1.2']) {
      expect(toYaml({ v: text })).toBe(`v: ${text}\n`);
    }
  });

  it('quotes keys by the same rules (y and n are booleans to YAML 1.1 readers)', () => {
    const yaml = toYaml({ y: 1, n: 2, 'a: b': 3, id: 4 });
    expect(yaml).toContain('id: 4\n');
    expect(readBoth(yaml)).toEqual({ y: 1, n: 2, 'a: b': 3, id: 4 });
  });
});

describe('toYaml: control characters and odd code points', () => {
  it('escapes C0, DEL, C1, line separators and BOM in double quotes, and reads back the same', () => {
    const value = { t: 'a\u001b[31mred\u0007 del\u007f csi\u009b nel\u0085 ls\u2028 bom\ufeff' };
    const yaml = toYaml(value);
    expect(yaml).toMatch(/^t: "/);
    expect(RAW_CONTROL.test(yaml)).toBe(false);
    expect(readBoth(yaml)).toEqual(value);
  });

  it('escapes lone surrogates but keeps real pairs (emoji) as they are', () => {
    const value = { t: 'x\ud800y 🚀 \udc00' };
    const yaml = toYaml(value);
    expect(yaml).toContain('🚀');
    expect(yaml).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(readBoth(yaml)).toEqual(value);
  });

  it('multi-line text with a control character is double-quoted, not a literal block', () => {
    const value = { t: 'line 1\r\nline 2\u001b' };
    expect(toYaml(value)).toMatch(/^t: "line 1\\r\\nline 2/);
    expect(readBoth(toYaml(value))).toEqual(value);
  });
});

describe('toYaml: layout', () => {
  it('multi-line text is a literal block that keeps its final newlines exact', () => {
    const value = { none: 'a\nb', one: 'a\nb\n', two: 'a\n\n', tab: 'code:\n\tindented\n' };
    const yaml = toYaml(value);
    expect(yaml).toContain('one: |\n  a\n  b\n');
    expect(readBoth(yaml)).toEqual(value);
  });

  it('prints empty and scalar documents, and list items', () => {
    expect([toYaml([]), toYaml({}), toYaml(null), toYaml(5), toYaml(true)]).toEqual([
      '[]\n',
      '{}\n',
      'null\n',
      '5\n',
      'true\n',
    ]);
    expect(readBoth(toYaml('yes'))).toBe('yes');
    expect(toYamlListItem({})).toBe('- {}\n');
    expect(toYamlListItem({ id: 1, tags: ['a'] })).toBe('- id: 1\n  tags:\n    - a\n');
  });

  it('writes numbers so that they read back as the same numbers, -0 included', () => {
    const value = [0, -0, 1.5, 1e21, 5e-324, 12345678901234567000, -7]; // past 2^53: it must read back as the same double
    const back = readBoth(toYaml(value)) as number[];
    expect(back).toEqual(value);
    expect(Object.is(back[1], -0)).toBe(true);
  });

  it('drops undefined members and writes undefined items as null, as JSON does', () => {
    expect(readBoth(toYaml({ a: undefined, b: [undefined], c: 1 }))).toEqual({ b: [null], c: 1 });
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
    'a',
    'task',
    'yes',
    'no',
    'null',
    '~',
    'true',
    'y',
    '0',
    '1',
    '.5',
    '1e3',
    '0x1F',
    '-',
    '+',
    '.',
    ':',
    ': ',
    ' #',
    '#',
    '?',
    '!',
    '&',
    '*',
    '|',
    '>',
    '%',
    '@',
    '`',
    '"',
    "'",
    '\\',
    '[',
    ']',
    '{',
    '}',
    ',',
    ' ',
    '  ',
    '\t',
    '\n',
    '\n\n',
    '\r',
    '\u001b',
    '\u0007',
    '\u007f',
    '\u0085',
    '\u009b',
    '\u00a0',
    '\u2028',
    '\ufeff',
    '\ud800',
    '\udc00',
    'é',
    '✓',
    '🚀',
    '日本',
    '2024-01-01',
    '---',
    '...',
    '<<',
    '=',
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
      if (kind === 2)
        return rand() < 0.5 ? Math.floor(rand() * 2000) - 1000 : (rand() - 0.5) * 10 ** Math.floor(rand() * 40 - 20);
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
      expect(RAW_CONTROL.test(yaml), `seed ${seed}, value ${i}: raw control character in ${JSON.stringify(yaml)}`).toBe(
        false,
      );
      expect(parse(yaml), `seed ${seed}, value ${i}: ${JSON.stringify(yaml)}`).toEqual(v);
      list += toYamlListItem(v);
    }
    expect(parse(list)).toEqual(values);
  });
});
