// Reading a file argument or stdin ('-') for --content-file, --input, --file and friends.
// Every failure is a usage error naming the flag, raised before any request.
import type { Ctx } from './context.js';
import { UsageError } from '../errors.js';

const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/**
 * The exact bytes, undecoded (webhook bodies: signatures are over bytes). `what` is what a
 * person at a terminal is told is being read from it (the flag by default).
 */
export async function readInputBytes(ctx: Ctx, source: string, flag: string, what = flag): Promise<Buffer> {
  if (source === '-') {
    if (ctx.io.stdinIsTTY) ctx.io.notice(`reading ${what} from standard input; end with Ctrl-D`);
    return readStream(ctx.io.stdin, flag);
  }
  return readFileBytes(source, flag);
}

/** A file's bytes ('-' is a file name here, not standard input). */
export async function readFileBytes(path: string, flag: string): Promise<Buffer> {
  let bytes: Buffer;
  try {
    // node:fs/promises is loaded only now: it loads readline and the file watchers with it,
    // and this module is on the start-up path of every verb that reads ids from stdin.
    const { readFile } = await import('node:fs/promises');
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'is a directory'
            : (code ?? 'unreadable');
    throw new UsageError(`${flag}: cannot read ${JSON.stringify(path)}: ${why}`);
  }
  if (bytes.length > MAX_INPUT_BYTES)
    throw new UsageError(`${flag}: ${JSON.stringify(path)} is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB`);
  return bytes;
}

/** UTF-8 text; binary (NUL bytes) or invalid UTF-8 input is refused. */
export async function readInput(ctx: Ctx, source: string, flag: string, what = flag): Promise<string> {
  const bytes = await readInputBytes(ctx, source, flag, what);
  return decodeText(bytes, source === '-' ? 'standard input' : JSON.stringify(source), flag);
}

/** Bytes read for `flag` as UTF-8 text; `what` names where they came from. */
export function decodeText(bytes: Buffer, what: string, flag: string): string {
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
    if (size > MAX_INPUT_BYTES)
      throw new UsageError(`${flag}: standard input is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
