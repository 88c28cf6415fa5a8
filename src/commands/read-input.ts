// Reading a file argument or stdin ('-') for --content-file, --input, --file and friends.
// Every failure is a usage error naming the flag, raised before any request.
import { readFile } from 'node:fs/promises';
import type { Ctx } from './context.js';
import { UsageError } from '../errors.js';

const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/** The exact bytes, undecoded (webhook bodies: signatures are over bytes). */
export async function readInputBytes(ctx: Ctx, source: string, flag: string): Promise<Buffer> {
  if (source === '-') {
    if (ctx.io.stdinIsTTY) ctx.io.notice(`reading ${flag} from standard input; end with Ctrl-D`);
    return readStream(ctx.io.stdin, flag);
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'is a directory' : code ?? 'unreadable';
    throw new UsageError(`${flag}: cannot read ${JSON.stringify(source)}: ${why}`);
  }
  if (bytes.length > MAX_INPUT_BYTES) throw new UsageError(`${flag}: ${JSON.stringify(source)} is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB`);
  return bytes;
}

/** UTF-8 text; binary (NUL bytes) or invalid UTF-8 input is refused. */
export async function readInput(ctx: Ctx, source: string, flag: string): Promise<string> {
  const bytes = await readInputBytes(ctx, source, flag);
  const what = source === '-' ? 'standard input' : JSON.stringify(source);
  if (bytes.includes(0)) throw new UsageError(`${flag}: ${what} is binary (NUL bytes); expected UTF-8 text`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(`${flag}: ${what} is not valid UTF-8 text`);
  }
}

async function readStream(stream: NodeJS.ReadableStream, flag: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_INPUT_BYTES) throw new UsageError(`${flag}: standard input is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
