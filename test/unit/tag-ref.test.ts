import { describe, expect, it } from 'vitest';
import { chunk, describeRef, parseTagRef, uniqueRefs } from '../../src/commands/tags/tag-ref.js';

describe('parseTagRef', () => {
  it('reads digits as an id (a number) and anything else as a name (a string)', () => {
    expect(parseTagRef('12')).toBe(12);
    expect(parseTagRef('urgent')).toBe('urgent');
    expect(parseTagRef('Q3 launch')).toBe('Q3 launch');
    expect(parseTagRef('12a')).toBe('12a');
    expect(parseTagRef('-5')).toBe('-5');
    expect(parseTagRef('1.5')).toBe('1.5');
  });

  it('name: forces a name and id: forces an id', () => {
    expect(parseTagRef('name:2024')).toBe('2024');
    expect(parseTagRef('name:id:7')).toBe('id:7');
    expect(parseTagRef('id:61')).toBe(61);
    // Only the lower-case prefixes are prefixes; anything else is part of a name.
    expect(parseTagRef('ID:61')).toBe('ID:61');
    expect(parseTagRef('urgent:now')).toBe('urgent:now');
  });

  it('rejects ids that are not positive safe integers, and empty names', () => {
    expect(() => parseTagRef('id:abc')).toThrow(
      /tag "id:abc": id:<n> must be a positive integer id \(e\.g\. 42\), got "abc"/,
    );
    expect(() => parseTagRef('id:')).toThrow(/id:<n> must be a positive integer id/);
    expect(() => parseTagRef('0')).toThrow(/tag "0" must be a positive integer id/);
    expect(() => parseTagRef('99999999999999999999')).toThrow(/at most 9007199254740991/);
    expect(() => parseTagRef('name:')).toThrow(/a tag name must not be empty/);
    expect(() => parseTagRef('   ')).toThrow(/a tag name must not be empty/);
    try {
      parseTagRef('id:abc');
    } catch (error) {
      expect((error as Error).name).toBe('UsageError');
    }
  });
});

describe('uniqueRefs', () => {
  it('drops repeated ids, and names repeated in any case, keeping the first spelling', () => {
    expect(uniqueRefs([61, 'Urgent', 'urgent ', 61, '61', 'URGENT', 62])).toEqual([61, 'Urgent', '61', 62]);
  });
});

describe('chunk and describeRef', () => {
  it('splits into parts of at most the given size, in order', () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    expect(chunk(items, 100).map((c) => c.length)).toEqual([100, 100, 50]);
    expect(chunk(items, 100).flat()).toEqual(items);
    expect(chunk([], 100)).toEqual([]);
  });

  it('names ids and names differently', () => {
    expect(describeRef(12)).toBe('id 12');
    expect(describeRef('12')).toBe('"12"');
  });
});
