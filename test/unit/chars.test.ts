// The character tests that replaced regular expressions on every command's path
// (src/chars.ts and its users) say what the patterns said: each is run beside the pattern it
// replaced over the same few thousand strings, tricky ones first.
import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl } from '../../src/api/base-url.js';
import { foreignTrait } from '../../src/api/foreign-service.js';
import { everyChar, isLetter, isLetterOrDigit, isNameChar, isWordChar } from '../../src/chars.js';
import { normaliseArgv } from '../../src/cli/normalise-argv.js';
import { formOf, optionNames } from '../../src/commands/flags/form.js';
import { oneLine, profileCacheDir } from '../../src/completion/id-cache.js';
import { serviceDirName } from '../../src/config/service-key.js';
import { checkProfileName } from '../../src/config/settings.js';
import { escapeJsonText } from '../../src/io/sanitize.js';
import { parseId } from '../../src/validate.js';

/** Strings of 0–8 characters from an alphabet of the characters the patterns treat apart, from a fixed seed. */
function corpus(alphabet: string, extra: string[] = []): string[] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out = [...extra];
  for (let n = 0; n < 4000; n++) {
    let text = '';
    const length = Math.floor(next() * 9);
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
    out.push(text);
  }
  return out;
}
const outcome = (f: () => unknown) => {
  try {
    return { value: f() };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

describe('character tests', () => {
  it('match the classes they are named for over every UTF-16 code unit', () => {
    for (let code = 0; code < 0x10000; code++) {
      const char = String.fromCharCode(code);
      expect(isLetter(code)).toBe(/[A-Za-z]/.test(char));
      expect(isLetterOrDigit(code)).toBe(/[A-Za-z0-9]/.test(char));
      expect(isWordChar(code)).toBe(/\w/.test(char));
      expect(isNameChar(code)).toBe(/[A-Za-z0-9_.-]/.test(char));
    }
    expect(everyChar('', isLetter)).toBe(true);
    expect(everyChar('-ab', isLetter, 1)).toBe(true);
  });
});

describe('the patterns they replaced', () => {
  it('normaliseBaseUrl: trailing slashes and a trailing /api/v1, in any case', () => {
    const old = (url: string) =>
      url
        .replace(/\/+$/, '')
        .replace(/\/api\/v1$/i, '')
        .replace(/\/+$/, '');
    for (const url of corpus('/apiAPIv1V:.h', ['http://x/api/v1//', 'http://x//API/V1/', '/api/v1', '//']))
      expect(normaliseBaseUrl(url), url).toBe(old(url));
  });

  it('normaliseArgv: -x=value splits, other words stay', () => {
    const old = (arg: string) => {
      const short = /^(-[a-zA-Z])=(.*)$/s.exec(arg);
      return short ? [short[1]!, short[2]!] : [arg];
    };
    for (const arg of corpus('-=oO1\n x', ['-o=json', '-o=', '-1=x', '--o=x', '-o=a=b']))
      expect(normaliseArgv([arg]), arg).toEqual(arg === '--debug=api' ? ['--debug', '--debug-api'] : old(arg));
  });

  it('optionNames and formOf: the declaration forms, and the same refusals', () => {
    const oldNames = (spec: string) => {
      const m = /^(?:(-\w),\s*)?(--[\w-]+)$/.exec(spec);
      if (!m) throw new Error(`flag ${JSON.stringify(spec)}: expected '--name' or '-x, --name'`);
      return m[1] ? { long: m[2]!, short: m[1] } : { long: m[2]! };
    };
    const specs = corpus('-, a_\t', [
      '-o, --output',
      '-o,--output',
      '-o,  --x-y',
      '--a',
      '--',
      '-o',
      '-o, -x',
      '--a b',
    ]);
    for (const spec of specs)
      expect(
        outcome(() => optionNames(spec)),
        spec,
      ).toEqual(outcome(() => oldNames(spec)));
    const oldPositional = (spec: string) => {
      const m = /^([<[])([\w|-]+)(\.\.\.)?[>\]]$/.exec(spec);
      return m ? { name: m[2]!, variadic: m[3] !== undefined, optional: m[1] === '[' } : undefined;
    };
    for (const spec of corpus('<>[].a|-_', ['<id>', '[event]', '<id...>', '<file|->', '<...>', '<a....>', '<a..>'])) {
      const positional = oldPositional(spec);
      const expected = positional
        ? { value: { type: 'positional', ...positional } }
        : outcome(() => ({ type: 'value', ...oldNames(spec), placeholder: '<v>' }));
      expect(
        outcome(() => formOf(spec, '<v>').form),
        spec,
      ).toEqual(expected);
    }
  });

  it('the id cache: profile directories, and titles on one line', () => {
    for (const profile of corpus('aZ0_.-/ ', ['..', 'a..b', '.a', 'a.']))
      expect(profileCacheDir('/c', profile) !== undefined, profile).toBe(
        /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(profile) && !profile.includes('..'),
      );
    const oldOneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
    for (const title of corpus('a \t\n\u0085\u00a0\u2028~\u007f', ['  a  b  ', 'a b', ' ', '']))
      expect(oneLine(title), JSON.stringify(title)).toBe(oldOneLine(title));
  });

  it('profile names, service directory names, ids, JSON escapes and HTML answers', () => {
    for (const name of corpus('aZ9_.-/', ['a'.repeat(64), 'a'.repeat(65)]))
      expect(outcome(() => checkProfileName(name, 'x')).error === undefined, name).toBe(
        /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(name),
      );
    for (const key of corpus('aZ9.-:/_%é'))
      expect(serviceDirName(key)).toBe(
        Array.from(Buffer.from(key, 'utf8'), (byte) => {
          const char = String.fromCharCode(byte);
          return /[A-Za-z0-9.-]/.test(char) ? char : `_${byte.toString(16).padStart(2, '0')}`;
        }).join(''),
      );
    for (const id of corpus('0189 a-', ['00', ' 42 ']))
      expect(outcome(() => parseId(id, '<id>')).error === undefined, id).toBe(
        /^[0-9]+$/.test(id.trim()) && Number(id) >= 1,
      );
    for (const text of corpus('a"\u007f\u0085\u009f\u00a0\u2028\u2029'))
      expect(escapeJsonText(text)).toBe(
        text.replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      );
    const html = (text: string, contentType = 'application/json') =>
      foreignTrait({ status: 200, contentType, text, headers: {} }) !== undefined;
    for (const text of corpus(' \n<!dDoOcCtTyYpPeEhHmMlL', ['  <!DOCTYPE html>', '\n<HTML>', '<htm', 'x<html>']))
      expect(html(text), JSON.stringify(text)).toBe(/^\s*<(!doctype|html)/i.test(text));
    for (const type of ['text/HTML', 'application/xhtml+xml', 'application/json'])
      expect(html('{}', type)).toBe(/html/i.test(type));
  });
});
