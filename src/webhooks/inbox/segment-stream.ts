// One kind of a profile's segments (verified or rejected deliveries: ./segments.ts) as a writer
// appends to them: the newest segment, opened O_APPEND, the next one started when it is full,
// and the oldest deleted beyond the bound. Several listeners of one profile share the segments
// without a lock:
// - a writer starts the next segment when the one it writes holds a segment's capacity,
//   creating it with O_EXCL: of two writers deciding at once, one creates it and the other
//   finds it there and moves on to it;
// - a writer notices that another started a newer segment (the directory changed) and moves
//   on to it too, so a segment fills only a little past its capacity;
// - the writer that starts a segment deletes the oldest ones beyond what the bound keeps; a
//   writer that finds the segment it just wrote to deleted (it had fallen that far behind)
//   writes its records again into the newest one.
// A segment is full at a tenth of the kind's count or a tenth of its bytes, which comes first;
// what the bound keeps is the newest deliveries of the kind within its bytes. Records are
// counted by their line ends, including those other writers wrote, so a segment is full when
// it really holds its capacity, whoever wrote it.
import { closeSync, close as closeFd, fdatasync, fdatasyncSync, fstatSync, statSync, unlink } from 'node:fs';
import { join } from 'node:path';
import { appendAll, countLines, createSegment, openSegment, sizeOf } from './segment-files.js';
import {
  FILE_MODE,
  ensureInboxDir,
  listSegments,
  segmentByteCapacity,
  segmentCapacity,
  segmentName,
  segmentsKept,
  type SegmentKind,
} from './segments.js';

/** How often a writer looks whether another listener started a newer segment. */
const FOLLOW_INTERVAL_MS = 100;

export class SegmentStream {
  readonly #capacity: number;
  readonly #byteCapacity: number;
  readonly #kept: number;
  #fd: number | undefined;
  #seq = 0;
  /** Records (line ends) in the segment up to #scanned bytes. */
  #count = 0;
  #scanned = 0;
  #dirMtime = 0;
  #lookedAt = 0;
  #dirty = false;
  /** Deletions of old segments still in the thread pool: close() lets them finish. */
  readonly #unlinking = new Set<Promise<void>>();
  #syncing = false;

  constructor(
    readonly dir: string,
    readonly kind: SegmentKind,
    /** The newest this many deliveries of the kind, within about this many bytes. */
    readonly bound: { size: number; bytes: number },
  ) {
    this.#capacity = segmentCapacity(bound.size);
    this.#byteCapacity = segmentByteCapacity(bound.bytes);
    this.#kept = segmentsKept(bound.size);
  }

  /** Append whole records to the newest segment. */
  write(records: Buffer[]): void {
    if (this.#fd === undefined) this.openNewest();
    else this.#followOthers();
    if (this.#count >= this.#capacity || this.#scanned >= this.#byteCapacity) this.#startNext();
    let length = appendAll(this.#fd!, records);
    this.#dirty = true;
    let size = fstatSync(this.#fd!);
    if (size.nlink === 0) {
      // Another listener deleted this segment while this one lagged: write into the newest.
      this.openNewest();
      length = appendAll(this.#fd!, records);
      size = fstatSync(this.#fd!);
    }
    if (size.size === this.#scanned + length) this.#count += records.length;
    else this.#count += countLines(this.#fd!, this.#scanned, size.size);
    this.#scanned = size.size;
  }

  /** Write to the newest segment from now on (the first one when there is none). */
  openNewest(): void {
    this.closeSegment();
    ensureInboxDir(this.dir);
    for (;;) {
      this.#dirMtime = statSync(this.dir).mtimeMs;
      const newest = listSegments(this.dir, this.kind).at(-1);
      if (newest === undefined) {
        if (this.#create(Math.max(1, this.#seq + 1))) return;
        continue;
      }
      try {
        this.#fd = openSegment(join(this.dir, segmentName(newest, this.kind)));
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

  /** Force what was written to the disk, off the event loop (one sync at a time). */
  sync(): void {
    const fd = this.#fd;
    if (fd === undefined || !this.#dirty || this.#syncing) return;
    this.#syncing = true;
    this.#dirty = false;
    fdatasync(fd, () => (this.#syncing = false));
  }

  /** Close the segment, after forcing it to the disk: off the event loop, or now when `now` (listen stops). */
  closeSegment(now = false): void {
    const fd = this.#fd;
    if (fd === undefined) return;
    this.#fd = undefined;
    if (this.#dirty && !now) {
      fdatasync(fd, () => closeFd(fd, ignore));
    } else {
      try {
        if (this.#dirty) fdatasyncSync(fd);
      } catch {
        // Written to the OS already; only a crash of the machine could lose it now.
      }
      closeSync(fd);
    }
    this.#dirty = false;
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
      this.openNewest();
      return;
    }
    if (mtime === this.#dirMtime) return;
    this.#dirMtime = mtime;
    const newest = listSegments(this.dir, this.kind).at(-1);
    if (newest !== undefined && newest > this.#seq) this.openNewest();
  }

  /** Start the segment after this one and delete the oldest beyond the bound. */
  #startNext(): void {
    const next = this.#seq + 1;
    this.closeSegment();
    if (!this.#create(next)) {
      // Another listener started it first.
      this.openNewest();
      return;
    }
    for (const seq of this.#beyondBound(next)) {
      // Off the event loop: freeing a segment's blocks takes the file system a moment.
      // Another listener may have deleted it first.
      const done: Promise<void> = new Promise((resolve) =>
        unlink(join(this.dir, segmentName(seq, this.kind)), () => resolve()),
      );
      this.#unlinking.add(done);
      void done.then(() => this.#unlinking.delete(done));
    }
  }

  /** Resolves when the deletions started so far have finished. */
  async deletionsDone(): Promise<void> {
    await Promise.all(this.#unlinking);
  }

  /**
   * The segments older than `next` (just started, empty) that the bound no longer keeps: those
   * beyond the newest `segmentsKept`, and, newest first, those past what leaves room within
   * the kind's bytes for `next` to fill. The segment just finished is always kept.
   */
  #beyondBound(next: number): number[] {
    const older = listSegments(this.dir, this.kind).filter((seq) => seq < next);
    const beyond = older.filter((seq) => seq <= next - this.#kept);
    let bytes = 0;
    for (const seq of older.filter((seq) => seq > next - this.#kept).reverse()) {
      bytes += sizeOf(join(this.dir, segmentName(seq, this.kind)));
      if (seq < next - 1 && bytes > this.bound.bytes - this.#byteCapacity) beyond.push(seq);
    }
    return beyond;
  }

  /** Create segment `seq` and write to it; false when the name is taken already. */
  #create(seq: number): boolean {
    try {
      this.#fd = createSegment(join(this.dir, segmentName(seq, this.kind)), FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    this.#seq = seq;
    this.#count = 0;
    this.#scanned = 0;
    return true;
  }
}

function ignore(): void {}
