// Markdown files with YAML front matter:
//
//   ---
//   title: Project brief
//   ---
//   The body, exactly as it follows the closing line.
//
// Written with the one YAML writer (../output/yaml.ts), read with the same `yaml` library.
// Line endings are read as LF: an editor that saves CRLF has not changed the text.
import { parse } from 'yaml';
import { toYaml } from '../output/yaml.js';

export interface FrontMatterFile {
  data: Record<string, unknown>;
  body: string;
}

export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

/** Front matter and body of a file's text; throws FrontMatterError naming what is wrong. */
export function readFrontMatter(text: string): FrontMatterFile {
  const lf = text.replace(/^\ufeff/, '').replace(/\r\n/g, '\n');
  if (!lf.startsWith('---\n')) return { data: {}, body: lf };
  const end = lf.indexOf('\n---\n', 3);
  const endAtEof = end < 0 && lf.endsWith('\n---') ? lf.length - 4 : -1;
  const close = end >= 0 ? end : endAtEof;
  if (close < 0)
    throw new FrontMatterError('the front matter opened by "---" on line 1 is never closed by a "---" line');
  const yamlText = lf.slice(4, close + 1);
  let data: unknown;
  try {
    data = yamlText.trim() === '' ? {} : parse(yamlText);
  } catch (error) {
    throw new FrontMatterError(`the front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== 'object' || Array.isArray(data))
    throw new FrontMatterError('the front matter must be a YAML mapping of keys to values');
  return { data: data as Record<string, unknown>, body: end >= 0 ? lf.slice(end + 5) : '' };
}

/** The text of a file: front matter in the key order given, then the body. */
export function writeFrontMatter(data: Record<string, unknown>, body: string): string {
  return `---\n${toYaml(data)}---\n${body}`;
}
