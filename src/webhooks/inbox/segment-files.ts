// Segment files as the inbox opens, appends to and reads them: only as the regular files pwctl
// made. Something else planted in the inbox directory under a segment's name is refused, never
// followed or waited on: a writer appending through a symbolic link would add a record to
// whatever file the link names (O_NOFOLLOW), and a reader opening a FIFO would wait for a
// writer forever (O_NONBLOCK, which changes nothing for a regular file).
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  readSync,
  writeSync,
  writevSync,
} from 'node:fs';
import { basename } from 'node:path';

// Windows has neither flag; there, creating a symbolic link takes a privilege.
const SAFE_OPEN = (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
// Read too: records other listeners appended are counted from the file.
const APPEND = constants.O_RDWR | constants.O_APPEND | SAFE_OPEN;
// O_EXCL fails on any name already there, a dangling link included: it never follows one.
const CREATE_NEW = APPEND | constants.O_CREAT | constants.O_EXCL;
const READ = constants.O_RDONLY | SAFE_OPEN;

/** A name of a segment that is not a regular file: the inbox neither writes nor reads through it. */
export class NotASegmentError extends Error {}

/** Open a segment to append to it (ENOENT when it is not there). */
export function openSegment(path: string): number {
  return openChecked(path, () => openSync(path, APPEND));
}

/** Create a segment and open it to append to it (EEXIST when the name is taken). */
export function createSegment(path: string, mode: number): number {
  return openChecked(path, () => openSync(path, CREATE_NEW, mode));
}

/** A whole segment, as text in `encoding` (ENOENT when it is not there). */
export function readSegment(path: string, encoding: BufferEncoding): string {
  const fd = openChecked(path, () => openSync(path, READ));
  try {
    return readFileSync(fd, encoding);
  } finally {
    closeSync(fd);
  }
}

function openChecked(path: string, open: () => number): number {
  let fd: number;
  try {
    fd = open();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // What O_NOFOLLOW answers for a link: ELOOP (Linux, macOS), EMLINK (FreeBSD).
    if (code === 'ELOOP' || code === 'EMLINK') throw notASegment(path, 'a symbolic link');
    if (code === 'EISDIR') throw notASegment(path, 'a directory');
    throw error;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw notASegment(path, info.isFIFO() ? 'a FIFO' : 'not a regular file');
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

function notASegment(path: string, what: string): NotASegmentError {
  return new NotASegmentError(
    `${basename(path)} in the inbox is ${what}, not a segment file pwctl wrote: it is not written or read through; remove it`,
  );
}

/** Write all of `records` (one writev(2) but for a full disk or a signal); returns their bytes. */
export function appendAll(fd: number, records: Buffer[]): number {
  let length = 0;
  for (const record of records) length += record.length;
  const written = writevSync(fd, records);
  if (written < length) {
    // Cut short: the rest.
    const rest = Buffer.concat(records).subarray(written);
    for (let offset = 0; offset < rest.length; ) offset += writeSync(fd, rest, offset);
  }
  return length;
}

/** A segment's size; 0 once another listener deleted it (and for a link: what it names is not the inbox's). */
export function sizeOf(path: string): number {
  try {
    const info = lstatSync(path);
    return info.isFile() ? info.size : 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/** Line ends in bytes [from, to) of the file. */
export function countLines(fd: number, from: number, to: number): number {
  const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, Math.max(1, to - from)));
  let lines = 0;
  let position = from;
  while (position < to) {
    const read = readSync(fd, chunk, 0, Math.min(chunk.length, to - position), position);
    if (read === 0) break;
    let at = chunk.indexOf(10);
    while (at >= 0 && at < read) {
      lines++;
      at = chunk.indexOf(10, at + 1);
    }
    position += read;
  }
  return lines;
}
