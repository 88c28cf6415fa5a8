// A token given on standard input (`auth login --with-token`), checked before it is used.
import { UsageError } from '../errors.js';

const MAX_TOKEN_INPUT = 64 * 1024;

/** Read all of stdin, dropping one trailing newline (`echo "$TOKEN" | …`). */
export async function readTokenFromStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_TOKEN_INPUT)
      throw new UsageError(
        `--with-token: standard input is larger than ${MAX_TOKEN_INPUT / 1024} KiB; expected one token`,
      );
    chunks.push(buffer);
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** A bearer token is one run of visible ASCII characters: no spaces, no newlines, no control characters. */
export function checkTokenText(token: string, source: string): string {
  if (token === '') throw new UsageError(`${source}: no token given; expected one line holding the token`);
  if (/[\r\n]/.test(token))
    throw new UsageError(`${source}: expected one line holding the token, got ${token.split(/\r?\n/).length} lines`);
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new UsageError(
      `${source}: the token must be visible ASCII characters without spaces (as in an Authorization: Bearer header)`,
    );
  }
  return token;
}
