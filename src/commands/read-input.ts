// Reading a file argument or stdin ('-') for --content-file, --input and friends. Every
// failure is a usage error naming the flag, raised before any request.
import { readFile } from 'node:fs/promises';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

const MAX_INPUT_BYTES = 16 * 1024 * 1024;

export async function readInput(ctx: Context, source: string, flag: string, opts: { text?: boolean } = {}): Promise<string> {
  let bytes: Buffer;
  if (source === '-') {
    if (ctx.io.stdinIsTTY) ctx.notice(`reading ${flag} from standard input; end with Ctrl-D`);
    bytes = await readStream(ctx.io.stdin, flag);
  } else {
    try {
      bytes = await readFile(source);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'is a directory' : code ?? 'unreadable';
      throw new UsageError(`${flag}: cannot read ${JSON.stringify(source)}: ${why}`);
    }
  }
  if (bytes.length > MAX_INPUT_BYTES) throw new UsageError(`${flag}: input is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB`);
  if (opts.text !== false) {
    if (bytes.includes(0)) throw new UsageError(`${flag}: ${source === '-' ? 'standard input' : JSON.stringify(source)} is binary (NUL bytes); expected UTF-8 text`);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new UsageError(`${flag}: ${source === '-' ? 'standard input' : JSON.stringify(source)} is not valid UTF-8 text`);
    }
  }
  return bytes.toString('utf8');
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
