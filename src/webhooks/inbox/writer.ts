// Writing a profile's inbox (layout: ./segments.ts; why this way: docs/ARCHITECTURE.md, "The
// delivery inbox"). Entries are handed over after their senders were answered, gathered for
// one turn of the event loop, and written as one writev(2) of whole records to the newest
// segment, opened O_APPEND, so the writes of two listeners land one after the other, never
// inside each other. The write runs off the event loop (libuv's thread pool), one at a time,
// in order: a disk that stalls never holds up an answer; what arrives meanwhile is written
// next, together. What a killed listener can lose is what it had not yet written: the
// deliveries of its last moment, in practice the one in flight.
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
// Records are counted by their line ends, including those other writers wrote, so a
// segment is full when it really holds its capacity, whoever wrote it.
import { closeSync, constants, existsSync, fdatasync, close as closeFd, fdatasyncSync, fstatSync, openSync, readSync, statSync, unlink, writeSync, writev } from 'node:fs';
import { join } from 'node:path';
import { acquireLock, type HeldLock } from '../../config/lock.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import type { InboxEntry } from './entry.js';
import { DeliveryIds, TAG_COUNT, tagText } from './ids.js';
import { recordBytes } from './record.js';
import { FILE_MODE, META_FILE, WRITERS_DIR, ensureInboxDir, listSegments, segmentCapacity, segmentName, segmentsKept } from './segments.js';

export interface InboxWriterOptions {
  /** Keep the newest this many deliveries (--inbox-size). */
  size: number;
  /**
   * A write failed, or the disk fell too far behind: those entries are lost. The writer goes
   * on with the next ones.
   */
  onError(error: unknown, lost: number): void;
}

/** Past this many bytes of bodies waiting for a disk that has stalled, new entries are not kept. */
export const MAX_WAITING_BYTES = 64 * 1024 * 1024;

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
  readonly #kept: number;
  #pending: InboxEntry[] = [];
  #pendingBytes = 0;
  #scheduled = false;
  /** A write is in flight; what is added meanwhile waits for it. */
  #writing = false;
  #drained: Array<() => void> = [];
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
    if (this.#pendingBytes > MAX_WAITING_BYTES) {
      this.options.onError(new Error(`the disk is over ${MAX_WAITING_BYTES / 1024 / 1024} MiB behind`), 1);
      return;
    }
    this.#pending.push(entry);
    this.#pendingBytes += entry.body.length;
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Start writing what is waiting, unless a write is in flight (what waits goes next). */
  flush(): void {
    this.#scheduled = false;
    if (this.#writing) return;
    const entries = this.#pending;
    if (entries.length === 0) return this.#settle();
    // At most as many records as one writev(2) takes (IOV_MAX); the rest go next.
    const batch = entries.length > MAX_RECORDS_PER_WRITE ? entries.splice(0, MAX_RECORDS_PER_WRITE) : entries;
    this.#pending = batch === entries ? [] : entries;
    this.#pendingBytes = 0;
    for (const entry of this.#pending) this.#pendingBytes += entry.body.length;
    let records: Buffer[];
    try {
      records = batch.map(recordBytes);
      this.#prepare();
    } catch (error) {
      return this.#failed(error, batch.length);
    }
    this.#writing = true;
    this.#append(records, false);
  }

  /** Resolves once everything added so far is written (or reported lost). */
  drain(): Promise<void> {
    this.flush();
    if (!this.#writing && this.#pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#drained.push(resolve));
  }

  /** Write what is waiting, force it to the disk, and give the writer tag back. */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this.drain();
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

  /** The segment to write to: opened, or the newer one another listener started, or the next when full. */
  #prepare(): void {
    if (this.#fd === undefined) this.#openNewest();
    else this.#followOthers();
    if (this.#count >= this.#capacity) this.#startNext();
  }

  /** Append whole records off the event loop (one writev(2)), then go on with what waits. */
  #append(records: Buffer[], again: boolean): void {
    const fd = this.#fd!;
    writev(fd, records, null, (error, written) => {
      try {
        if (error) throw error;
        let length = 0;
        for (const record of records) length += record.length;
        // Cut short (a full disk, a signal): the rest.
        if (written < length) {
          const rest = Buffer.concat(records).subarray(written);
          for (let offset = 0; offset < rest.length; ) offset += writeSync(fd, rest, offset);
        }
        this.#dirty = true;
        const size = fstatSync(fd);
        if (size.nlink === 0 && !again) {
          // Another listener deleted this segment while this one lagged: write into the newest.
          this.#openNewest();
          return this.#append(records, true);
        }
        if (size.size === this.#scanned + length) this.#count += records.length;
        else this.#count += countLines(fd, this.#scanned, size.size);
        this.#scanned = size.size;
      } catch (caught) {
        this.#writing = false;
        return this.#failed(caught, records.length);
      }
      this.#writing = false;
      this.flush();
    });
  }

  #failed(error: unknown, lost: number): void {
    // Open afresh next time (the directory may have been removed, the disk freed).
    this.#closeSegment();
    this.options.onError(error, lost);
    if (this.#pending.length > 0) this.flush();
    else this.#settle();
  }

  #settle(): void {
    if (this.#writing || this.#pending.length > 0) return;
    for (const resolve of this.#drained.splice(0)) resolve();
  }

  /** Move on to a newer segment another listener started, if the directory says there may be one. */
  #followOthers(): void {
    // A look at the directory now and then is enough: what it prevents is a segment filling
    // well past its capacity, and a segment deleted under this writer is caught after each write.
    const now = Date.now();
    if (now - this.#lookedAt < FOLLOW_INTERVAL_MS && this.#count < this.#capacity) return;
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
    for (const seq of listSegments(this.dir)) {
      if (seq > next - this.#kept) break;
      // Off the event loop: freeing a segment's blocks takes the file system a moment.
      // Another listener may have deleted it first.
      unlink(join(this.dir, segmentName(seq)), ignore);
    }
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
  throw new Error(`every writer tag of the inbox in ${dir} is taken: ${TAG_COUNT} listeners of this profile are running`);
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
