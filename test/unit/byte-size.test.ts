// Sizes on the command line (`listen --inbox-bytes`): read as people write them, and written
// back the same way.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { byteSizeText, parseByteSize } from '../../src/validate.js';

const MIB = 1024 * 1024;
const read = (value: string) => parseByteSize(value, '--inbox-bytes', MIB, '1M');

describe('byte sizes', () => {
  it('takes bytes, or K, M and G (1024-based), with or without B or iB, any case, a space allowed', () => {
    expect(read('1048576')).toBe(MIB);
    expect(read('512M')).toBe(512 * MIB);
    expect(read('512mib')).toBe(512 * MIB);
    expect(read('2 GB')).toBe(2 * 1024 * MIB);
    expect(read('2048K')).toBe(2 * MIB);
    expect(read(' 3MiB ')).toBe(3 * MIB);
  });

  it('refuses what is below the minimum, not a size, or fractional, naming the flag and the form', () => {
    for (const bad of ['1048575', '100K', '0', '1.5G', '-1M', 'lots', '', '5T', 'M']) {
      expect(() => read(bad), bad).toThrow(UsageError);
      expect(() => read(bad), bad).toThrow(
        /^--inbox-bytes must be a size of at least 1M: bytes, or with K, M or G \(1024-based: 512M, 2G\), got /,
      );
    }
  });

  it('writes a size back in the largest whole unit, which reads back to the same number', () => {
    for (const [bytes, text] of [
      [512 * MIB, '512M'],
      [2 * 1024 * MIB, '2G'],
      [1536 * 1024, '1536K'],
      [MIB + 1, '1048577'],
    ] as const) {
      expect(byteSizeText(bytes)).toBe(text);
      expect(read(text)).toBe(bytes);
    }
  });
});
