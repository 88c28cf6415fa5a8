import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { maskToken } from '../../src/auth/mask-token.js';
import { checkTokenText, readTokenFromStream } from '../../src/auth/read-token.js';

describe('readTokenFromStream', () => {
  it.each([
    ['tok\n', 'tok'],
    ['tok\r\n', 'tok'],
    ['tok', 'tok'],
    ['tok\n\n', 'tok\n'], // only one trailing newline is the shell's; the rest is an error for checkTokenText
  ])('%j → %j', async (input, expected) => {
    expect(await readTokenFromStream(Readable.from([Buffer.from(input)]))).toBe(expected);
  });

  it('refuses more than 64 KiB', async () => {
    await expect(readTokenFromStream(Readable.from([Buffer.alloc(70 * 1024, 0x61)]))).rejects.toThrow(
      /larger than 64 KiB/,
    );
  });
});

describe('checkTokenText', () => {
  it('accepts visible ASCII', () => {
    expect(checkTokenText('abc.DEF-123_~+/=', '--with-token')).toBe('abc.DEF-123_~+/=');
  });

  it.each([
    ['', /--with-token: no token given/],
    ['a\nb', /one line holding the token, got 2 lines/],
    ['a b', /visible ASCII characters without spaces/],
    ['tok\u001b[31m', /visible ASCII/],
    ['tökén', /visible ASCII/],
  ])('rejects %j as a usage error', (token, message) => {
    expect(() => checkTokenText(token, '--with-token')).toThrow(message);
    try {
      checkTokenText(token, '--with-token');
    } catch (error) {
      expect((error as Error).name).toBe('UsageError');
      expect((error as Error).message).not.toContain(token || '\u0000');
    }
  });
});

describe('maskToken', () => {
  it('keeps only the last 4 characters of a real token', () => {
    expect(maskToken('sbx_manager_abcdefghijklmnopWXYZ')).toBe('****WXYZ');
  });

  it('shows nothing of a short token', () => {
    expect(maskToken('abcdefgh')).toBe('****');
  });
});
