// Writing a profile's inbox (layout: ./segments.ts; why this way: docs/ARCHITECTURE.md, "The
// delivery inbox"). Entries are handed over after their senders were answered, gathered for
// one turn of the event loop, and written on the next as one writev(2) of whole records to the
// newest segment, opened O_APPEND, so the writes of two listeners land one after the other,
// never inside each other. The write itself is synchronous: it only copies into the OS's page
// cache (microseconds), which costs less than handing it to libuv's thread pool and back
// (tens of microseconds a write on a virtual machine); forcing the data to the disk, and
// deleting old segments, is what takes time, and that runs off the event loop. What a killed
// listener can lose is what it answered in its last turn: the deliveries in flight.
//
// Several listeners of one profile share the segments without a lock:
// - a writer starts the next segment when the one it writes holds a segment's capacity,
//   creating it with O_EXCL: of two writers deciding at once, one creates it and the other
//   finds it there and moves on to it;
// - a writer notices that another started a newer segment (the directory changed) and moves
//   on to it too, so a segment fills only a little past its capacity;
// - the writer that starts a segment deletes the oldest ones beyond what the bound keeps; a
//   writer that finds the segment it just wrote to deleted (it had fallen that far behind)
//   writes its records again into the newest one.
// A segment is full at a tenth of --inbox-size deliveries or a tenth of --inbox-bytes, which
// comes first; what the bound keeps is the newest --inbox-size deliveries within --inbox-bytes.
// Records are counted by their line ends, including those other writers wrote, so a
// segment is full when it really holds its capacity, whoever wrote it.
import {
  closeSync,
  constants,
  existsSync,
  fdatasync,
  close as closeFd,
  fdatasyncSync,
  fstatSync,
  openSync,
  readSync,
  statSync,
  unlink,
  writeSync,
  writevSync,
} from 'node:fs';
import { join } from 'node:path';
import { acquireLock, type HeldLock } from '../../config/lock.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import type { InboxEntry } from './entry.js';
import { DeliveryIds, TAG_COUNT, tagText } from './ids.js';
import { recordBytes } from './record.js';
import {
  FILE_MODE,
  META_FILE,
  WRITERS_DIR,
  ensureInboxDir,
  listSegments,
  segmentByteCapacity,
  segmentCapacity,
  segmentName,
  segmentsKept,
} from './segments.js';

export interface InboxWriterOptions {
  /** Keep the newest this many deliveries (--inbox-size). */
  size: number;
  /** And no more than about this many bytes of them (--inbox-bytes): the oldest segments go first. */
  bytes: number;
  /** A write failed: those entries are lost. The writer goes on with the next ones. */
  onError(error: unknown, lost: number): void;
}

/** How often what was written is forced to the disk (it is in the OS's cache at once). */
const SYNC_INTERVAL_MS = 1_000;
/** Records in one write: no more buffers than one writev(2) takes (IOV_MAX is 1,024 on Linux). */
const MAX_RECORDS_PER_WRITE = 1_000;
/** How often a writer looks whether another listener started a newer segment. */
const FOLLOW_INTERVAL_MS = 100;
// Read too: records other listeners appended are counted from the file.
const APPEND = constants.O_RDWR | constants.O_APPEND;
const CREATE_NEW = APPEND | constants.O_CREAT | constants.O_EXCL;

export class InboxWriter {
  readonly ids: DeliveryIds;
  readonly #capacity: number;
  readonly #byteCapacity: number;
  readonly #kept: number;
  #pending: InboxEntry[] = [];
  #scheduled = false;
  #fd: number | undefined;
  #seq = 0;
  /** Records (line ends) in the segment up to #scanned bytes. */
  #count = 0;
  #scanned = 0;
  #dirMtime = 0;
  #lookedAt = 0;
  #dirty = false;
  #syncing = false;
  readonly #timer: NodeJS.Timeout;
  #closed = false;

  private constructor(
    readonly dir: string,
    readonly options: InboxWriterOptions,
    readonly tag: HeldLock,
    tagNumber: number,
  ) {
    this.ids = new DeliveryIds(tagNumber);
    this.#capacity = segmentCapacity(options.size);
    this.#byteCapacity = segmentByteCapacity(options.bytes);
    this.#kept = segmentsKept(options.size);
    this.#timer = setInterval(() => this.#sync(), SYNC_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Open (creating it if needed) the inbox in `dir`, claiming a writer tag for this listener. */
  static async open(dir: string, options: InboxWriterOptions): Promise<InboxWriter> {
    ensureInboxDir(dir);
    const { lock, tag } = await claimTag(dir);
    const writer = new InboxWriter(dir, options, lock, tag);
    try {
      writeFileAtomic(join(dir, META_FILE), `${JSON.stringify({ size: options.size })}\n`, FILE_MODE);
      writer.#openNewest();
    } catch (error) {
      await writer.close();
      throw error;
    }
    return writer;
  }

  /** Keep `entry`: written with the others of this turn of the event loop. */
  add(entry: InboxEntry): void {
    if (this.#closed) return;
    this.#pending.push(entry);
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Write what is waiting now. */
  flush(): void {
    this.#scheduled = false;
    while (this.#pending.length > 0) {
      // At most as many records as one writev(2) takes (IOV_MAX); the rest next.
      const batch =
        this.#pending.length > MAX_RECORDS_PER_WRITE
          ? this.#pending.splice(0, MAX_RECORDS_PER_WRITE)
          : this.#pending.splice(0);
      try {
        this.#write(batch.map(recordBytes));
      } catch (error) {
        // Open afresh next time (the directory may have been removed, the disk freed).
        this.#closeSegment();
        this.options.onError(error, batch.length);
      }
    }
  }

  /** Resolves once everything added so far is written (or reported lost). */
  async drain(): Promise<void> {
    this.flush();
  }

  /** Write what is waiting, force it to the disk, and give the writer tag back. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.flush();
    this.#closed = true;
    clearInterval(this.#timer);
    if (this.#fd !== undefined) {
      try {
        if (this.#dirty) fdatasyncSync(this.#fd);
      } catch {
        // Written to the OS already; only a crash of the machine could lose it now.
      }
      this.#closeSegment();
    }
    this.tag.release();
  }

  #write(records: Buffer[]): void {
    if (this.#fd === undefined) this.#openNewest();
    else this.#followOthers();
    if (this.#count >= this.#capacity || this.#scanned >= this.#byteCapacity) this.#startNext();
    let length = appendAll(this.#fd!, records);
    this.#dirty = true;
    let size = fstatSync(this.#fd!);
    if (size.nlink === 0) {
      // Another listener deleted this segment while this one lagged: write into the newest.
      this.#openNewest();
      length = appendAll(this.#fd!, records);
      size = fstatSync(this.#fd!);
    }
    if (size.size === this.#scanned + length) this.#count += records.length;
    else this.#count += countLines(this.#fd!, this.#scanned, size.size);
    this.#scanned = size.size;
  }

  /** Move on to a newer segment another listener started, if the directory says there may be one. */
  #followOthers(): void {
    // A look at the directory now and then is enough: what it prevents is a segment filling
    // well past its capacity, and a segment deleted under this writer is caught after each write.
    const now = Date.now();
    if (now - this.#lookedAt < FOLLOW_INTERVAL_MS && this.#count < this.#capacity && this.#scanned < this.#byteCapacity)
      return;
    this.#lookedAt = now;
    let mtime: number;
    try {
      mtime = statSync(this.dir).mtimeMs;
    } catch (error) {
      // The inbox was removed (to clear it) while listening: start it afresh.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.#openNewest();
      return;
    }
    if (mtime === this.#dirMtime) return;
    this.#dirMtime = mtime;
    const newest = listSegments(this.dir).at(-1);
    if (newest !== undefined && newest > this.#seq) this.#openNewest();
  }

  /** Write to the newest segment from now on (the first one when there is none). */
  #openNewest(): void {
    this.#closeSegment();
    ensureInboxDir(this.dir);
    for (;;) {
      this.#dirMtime = statSync(this.dir).mtimeMs;
      const newest = listSegments(this.dir).at(-1);
      if (newest === undefined) {
        if (this.#create(Math.max(1, this.#seq + 1))) return;
        continue;
      }
      try {
        this.#fd = openSync(join(this.dir, segmentName(newest)), APPEND);
      } catch (error) {
        // Deleted between the listing and the open: list again.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      this.#seq = newest;
      const size = fstatSync(this.#fd).size;
      this.#count = countLines(this.#fd, 0, size);
      this.#scanned = size;
      return;
    }
  }

  /** Start the segment after this one and delete the oldest beyond the bound. */
  #startNext(): void {
    const next = this.#seq + 1;
    this.#closeSegment();
    if (!this.#create(next)) {
      // Another listener started it first.
      this.#openNewest();
      return;
    }
    for (const seq of this.#beyondBound(next)) {
      // Off the event loop: freeing a segment's blocks takes the file system a moment.
      // Another listener may have deleted it first.
      unlink(join(this.dir, segmentName(seq)), ignore);
    }
  }

  /**
   * The segments older than `next` (just started, empty) that the bound no longer keeps: those
   * beyond the newest `segmentsKept`, and, newest first, those past what leaves room within
   * --inbox-bytes for `next` to fill. The segment just finished is always kept.
   */
  #beyondBound(next: number): number[] {
    const older = listSegments(this.dir).filter((seq) => seq < next);
    const beyond = older.filter((seq) => seq <= next - this.#kept);
    let bytes = 0;
    for (const seq of older.filter((seq) => seq > next - this.#kept).reverse()) {
      bytes += sizeOf(join(this.dir, segmentName(seq)));
      if (seq < next - 1 && bytes > this.options.bytes - this.#byteCapacity) beyond.push(seq);
    }
    return beyond;
  }

  /** Create segment `seq` and write to it; false when it exists already. */
  #create(seq: number): boolean {
    try {
      this.#fd = openSync(join(this.dir, segmentName(seq)), CREATE_NEW, FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    this.#seq = seq;
    this.#count = 0;
    this.#scanned = 0;
    return true;
  }

  /** Close the segment, after forcing it to the disk (off the event loop). */
  #closeSegment(): void {
    const fd = this.#fd;
    if (fd === undefined) return;
    this.#fd = undefined;
    if (this.#dirty && !this.#closed) fdatasync(fd, () => closeFd(fd, ignore));
    else closeSync(fd);
    this.#dirty = false;
  }

  #sync(): void {
    const fd = this.#fd;
    if (fd === undefined || !this.#dirty || this.#syncing) return;
    this.#syncing = true;
    this.#dirty = false;
    fdatasync(fd, () => (this.#syncing = false));
  }
}

/**
 * A writer tag no running listener of this profile holds (ids.ts): a lock file per tag in
 * writers/, taken over when the listener that held it is gone (killed: recovered at once).
 */
async function claimTag(dir: string): Promise<{ lock: HeldLock; tag: number }> {
  const first = Math.floor(Math.random() * TAG_COUNT);
  for (let i = 0; i < TAG_COUNT; i++) {
    const tag = (first + i) % TAG_COUNT;
    const path = join(dir, WRITERS_DIR, `${tagText(tag)}.lock`);
    try {
      // Held until released or its process is gone: never judged stale by age.
      const lock = await acquireLock(path, { waitMs: 0, staleMs: Number.MAX_SAFE_INTEGER, heartbeatMs: 2 ** 30 });
      return { lock, tag };
    } catch (error) {
      // Held by a running listener: try the next tag. Not there at all: it could not be made.
      if (!existsSync(path)) throw error;
    }
  }
  throw new Error(
    `every writer tag of the inbox in ${dir} is taken: ${TAG_COUNT} listeners of this profile are running`,
  );
}

/** Write all of `records` (one writev(2) but for a full disk or a signal); returns their bytes. */
function appendAll(fd: number, records: Buffer[]): number {
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

/** A segment's size; 0 once another listener deleted it. */
function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/** Line ends in bytes [from, to) of the file. */
function countLines(fd: number, from: number, to: number): number {
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

function ignore(): void {}
