// Writing a profile's inbox (layout: ./segments.ts; why this way: docs/ARCHITECTURE.md, "The
// delivery inbox"). Entries are handed over after their senders were answered, gathered for
// one turn of the event loop, and written on the next as one writev(2) of whole records per
// kind to the newest segment of that kind (./segment-stream.ts), opened O_APPEND, so the writes
// of two listeners land one after the other, never inside each other. The write itself is
// synchronous: it only copies into the OS's page cache (microseconds), which costs less than
// handing it to libuv's thread pool and back (tens of microseconds a write on a virtual
// machine); forcing the data to the disk, and deleting old segments, is what takes time, and
// that runs off the event loop. What a killed listener can lose is what it answered in its last
// turn: the deliveries in flight.
//
// Verified and rejected deliveries go to segments of their own, each kind bounded on its own
// (rejected ones to a tenth of --inbox-size and of --inbox-bytes: ./segments.ts), so that a
// flood of forgeries cannot push genuine deliveries out of the inbox.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { acquireLock, type HeldLock } from '../../config/lock.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import type { InboxEntry } from './entry.js';
import { DeliveryIds, TAG_COUNT, tagText } from './ids.js';
import { recordBytes } from './record.js';
import { SegmentStream } from './segment-stream.js';
import { FILE_MODE, META_FILE, WRITERS_DIR, ensureInboxDir, kindBounds, type SegmentKind } from './segments.js';

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

export class InboxWriter {
  readonly ids: DeliveryIds;
  readonly #streams: Record<SegmentKind, SegmentStream>;
  #pending: InboxEntry[] = [];
  #scheduled = false;
  readonly #timer: NodeJS.Timeout;
  #closed = false;

  private constructor(
    readonly dir: string,
    readonly options: InboxWriterOptions,
    readonly tag: HeldLock,
    tagNumber: number,
  ) {
    this.ids = new DeliveryIds(tagNumber);
    const stream = (kind: SegmentKind) => new SegmentStream(dir, kind, kindBounds(kind, options.size, options.bytes));
    this.#streams = { verified: stream('verified'), rejected: stream('rejected') };
    this.#timer = setInterval(() => {
      this.#streams.verified.sync();
      this.#streams.rejected.sync();
    }, SYNC_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Open (creating it if needed) the inbox in `dir`, claiming a writer tag for this listener. */
  static async open(dir: string, options: InboxWriterOptions): Promise<InboxWriter> {
    ensureInboxDir(dir);
    const { lock, tag } = await claimTag(dir);
    const writer = new InboxWriter(dir, options, lock, tag);
    try {
      writeFileAtomic(join(dir, META_FILE), `${JSON.stringify({ size: options.size })}\n`, FILE_MODE);
      // Rejected deliveries' segments are opened when the first one comes.
      writer.#streams.verified.openNewest();
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
    if (this.#pending.length === 0) return;
    const pending = this.#pending;
    this.#pending = [];
    const verified: InboxEntry[] = [];
    const rejected: InboxEntry[] = [];
    for (const entry of pending) (entry.verdict === 'rejected' ? rejected : verified).push(entry);
    this.#writeAll(this.#streams.verified, verified);
    this.#writeAll(this.#streams.rejected, rejected);
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
    this.#streams.verified.closeSegment(true);
    this.#streams.rejected.closeSegment(true);
    await Promise.all([this.#streams.verified.deletionsDone(), this.#streams.rejected.deletionsDone()]);
    this.tag.release();
  }

  #writeAll(stream: SegmentStream, entries: InboxEntry[]): void {
    // At most as many records as one writev(2) takes (IOV_MAX); the rest in the next write.
    for (let from = 0; from < entries.length; from += MAX_RECORDS_PER_WRITE) {
      const batch = entries.slice(from, from + MAX_RECORDS_PER_WRITE);
      try {
        stream.write(batch.map(recordBytes));
      } catch (error) {
        // Open afresh next time (the directory may have been removed, the disk freed).
        stream.closeSegment();
        this.options.onError(error, batch.length);
      }
    }
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
