// Reading a file that someone else may have put there (an export directory handed over for a
// restore): a regular file only, and no larger than a bound. A FIFO would block the read until
// something writes to it (forever, in a directory nobody writes to), and a device such as
// /dev/zero, or a symbolic link to one, never ends. The file is opened without waiting
// (O_NONBLOCK: a FIFO opens at once instead of waiting for a writer) and its type and size are
// read from the open descriptor, so what is checked is what is read.
import { constants, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { constants as bufferConstants } from 'node:buffer';

/**
 * The most one file may hold: the longest string this process can make (V8's limit, about
 * 512 MiB). A larger file could not be read as text at all; it is refused by its size first.
 */
export const MAX_TEXT_FILE_BYTES = bufferConstants.MAX_STRING_LENGTH;

const READ_CHUNK = 1024 * 1024;

/** Why a file was not read, said to follow "<file> is": `a FIFO, not a regular file`, `larger than 511 MiB`. */
export class NotRegularFileError extends Error {
  override name = 'NotRegularFileError';
  constructor(
    message: string,
    /** It is a regular file, only too large. */
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

/** The UTF-8 text of a regular file of at most `maxBytes` bytes; NotRegularFileError otherwise. */
export async function readRegularFile(path: string, maxBytes = MAX_TEXT_FILE_BYTES): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new NotRegularFileError(`${kindOf(info)}, not a regular file`);
    if (info.size > maxBytes) throw new NotRegularFileError(`larger than ${sizeText(maxBytes)}`, true);
    // Read no more than the bound even if the file grows while it is read.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const size = Math.min(READ_CHUNK, info.size + 1);
      const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafe(size), 0, size, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw new NotRegularFileError(`larger than ${sizeText(maxBytes)}`, true);
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    await handle.close();
  }
}

function kindOf(info: Stats): string {
  if (info.isFIFO()) return 'a FIFO';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isDirectory()) return 'a directory';
  if (info.isSocket()) return 'a socket';
  return 'something else';
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MiB` : `${bytes} bytes`;
}
