// The delivery inbox's store (src/webhooks/inbox/): records, segments, the bound, what a
// killed writer leaves behind, and several writers — in one process and in real processes
// appending to the same segments at once.
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'rolldown';
import { afterAll, describe, expect, it } from 'vitest';
import type { InboxEntry } from '../../src/webhooks/inbox/entry.js';
import { DeliveryIds, idTime, isDeliveryId } from '../../src/webhooks/inbox/ids.js';
import { findEntries, readEntries, readSummaries } from '../../src/webhooks/inbox/reader.js';
import { decodeEntry, decodeSummary, encodeEntry, splitRecords } from '../../src/webhooks/inbox/record.js';
import { listSegments, segmentCapacity, segmentsKept } from '../../src/webhooks/inbox/segments.js';
import { DEFAULT_INBOX_BYTES } from '../../src/webhooks/inbox/size.js';
import { InboxWriter } from '../../src/webhooks/inbox/writer.js';
import { ROOT } from '../helpers/cli.js';

const writers: InboxWriter[] = [];
const temps: string[] = [];
afterAll(async () => {
  for (const writer of writers) await writer.close();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

function tempDir(): string {
  return join(temp('pwctl-inbox-'), 'inbox', 'default');
}

async function open(
  dir: string,
  size: number,
  errors: unknown[] = [],
  bytes = DEFAULT_INBOX_BYTES,
): Promise<InboxWriter> {
  const writer = await InboxWriter.open(dir, { size, bytes, onError: (error) => errors.push(error) });
  writers.push(writer);
  return writer;
}

function entry(
  id: string,
  n: number,
  body: Buffer = Buffer.from(JSON.stringify({ id: n, title: `task ${n}` })),
): InboxEntry {
  return {
    id,
    received_at: new Date(idTime(id)).toISOString(),
    verdict: n % 3 === 0 ? 'rejected' : 'verified',
    reason: n % 3 === 0 ? 'no secret matches' : null,
    event: 'task.completed',
    subscription_id: n % 3 === 0 ? null : 7,
    service: n % 3 === 0 ? null : 'sandbox',
    suggested_subscription_id: n % 3 === 0 ? 7 : null,
    suggested_service: n % 3 === 0 ? 'sandbox' : null,
    duplicate: n % 5 === 0,
    size: body.length,
    method: 'POST',
    path: '/hook?x=1',
    headers: [
      ['content-type', 'application/json'],
      ['signature', 'ab'.repeat(32)],
      ['x-odd', 'quote " backslash \\ {"id":" tab\t'],
    ],
    body,
    body_parses: true,
    forwarded_to: ['http://127.0.0.1:3000/hooks'],
  };
}

/** The entry as a verified delivery (the bound of rejected ones is tested on its own). */
function verified(e: InboxEntry): InboxEntry {
  return {
    ...e,
    verdict: 'verified',
    reason: null,
    subscription_id: 7,
    service: 'sandbox',
    suggested_subscription_id: null,
    suggested_service: null,
  };
}

/** Wait (up to 5 s) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 5_000; !check() && Date.now() < deadline; )
    await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Add `count` entries, a few at a time (as listen hands them over), and wait until they are written. */
async function addMany(writer: InboxWriter, count: number, from = 0): Promise<string[]> {
  const ids: string[] = [];
  for (let n = from; n < from + count; n++) {
    const id = writer.ids.next(Date.now());
    ids.push(id);
    writer.add(verified(entry(id, n)));
    // Written three at a time, as a listener answering three senders in one turn would.
    if (n % 3 === 2) await writer.drain();
  }
  await writer.drain();
  return ids;
}

describe('delivery ids', () => {
  it('are 11 letters and digits, sort by arrival as text, and never repeat within a writer, even within a millisecond', () => {
    const ids = new DeliveryIds(5);
    const made = [
      ids.next(1_700_000_000_000),
      ...Array.from({ length: 100 }, () => ids.next(1_700_000_000_000)),
      ids.next(1_700_000_000_001),
      ids.next(1_800_000_000_000),
    ];
    expect(made.every(isDeliveryId)).toBe(true);
    expect(new Set(made).size).toBe(made.length);
    expect([...made].sort()).toEqual(made);
    expect(idTime(made[0]!)).toBe(1_700_000_000_000);
    expect(idTime(made.at(-1)!)).toBe(1_800_000_000_000);
    // Two writers' ids differ in their tag even at the same moment.
    expect(new DeliveryIds(6).next(1_700_000_000_000)).not.toBe(new DeliveryIds(5).next(1_700_000_000_000));
  });
});

describe('records', () => {
  it('keep every field, the exact body bytes (not UTF-8 too) and odd header values', () => {
    const body = Buffer.from([0xff, 0x00, 0x0a, 0x7b, 0x22, 0xc3, 0x28, 0x0d]);
    const original = entry('0000000000a', 3, body);
    const line = encodeEntry(original);
    expect(line.endsWith('}\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    const decoded = decodeEntry(line.slice(0, -1))!;
    expect(decoded).toEqual(original);
    expect(decoded.body.equals(body)).toBe(true);
    expect(decodeSummary(line.slice(0, -1))).toEqual({
      id: original.id,
      received_at: original.received_at,
      verdict: 'rejected',
      reason: 'no secret matches',
      event: 'task.completed',
      subscription_id: null,
      service: null,
      suggested_subscription_id: 7,
      suggested_service: 'sandbox',
      duplicate: false,
      size: 8,
    });
  });

  it('are Latin-1 text, one byte a character: header bytes stay as received, anything beyond is escaped', () => {
    // Node gives header values as Latin-1: "café" sent as UTF-8 arrives as 5 characters.
    const original = {
      ...entry('0000000000b', 1),
      event: 'task.✓ completed',
      headers: [['x-name', Buffer.from('café', 'utf8').toString('latin1')]] as Array<[string, string]>,
    };
    const line = encodeEntry(original);
    expect(/[^\u0000-\u00ff]/.test(line)).toBe(false);
    const bytes = Buffer.from(line, 'latin1');
    const decoded = decodeEntry(bytes.toString('latin1').slice(0, -1))!;
    expect(decoded.event).toBe('task.✓ completed');
    expect(Buffer.from(decoded.headers[0]![1], 'latin1').toString('utf8')).toBe('café');
  });

  it('a record cut short is skipped, and a record appended after it on the same line is found', () => {
    const [a, b, c] = ['0000000000a', '0000000000b', '0000000000c'].map((id, i) => encodeEntry(entry(id, i + 1)));
    const torn = a!.slice(0, 150);
    const text = `${torn}${b}${c!.slice(0, -20)}`;
    const found = [...splitRecords(text)].map((r) => decodeEntry(r)?.id);
    expect(found).toEqual([undefined, '0000000000b', undefined]);
    expect([...splitRecords(text)].map((r) => decodeSummary(r)?.id)).toEqual([undefined, '0000000000b', undefined]);
  });
});

describe('segments and the bound', () => {
  it('a segment holds a tenth of the inbox (1 to 1,000), and enough are kept for the newest n', () => {
    expect([segmentCapacity(10_000), segmentsKept(10_000)]).toEqual([1_000, 11]);
    expect([segmentCapacity(5), segmentsKept(5)]).toEqual([1, 6]);
    expect([segmentCapacity(1_000_000), segmentsKept(1_000_000)]).toEqual([1_000, 1_001]);
  });

  it('keeps the newest --inbox-size deliveries, newest first, and deletes whole old segments', async () => {
    const dir = tempDir();
    const writer = await open(dir, 25);
    const ids = await addMany(writer, 140);
    const summaries = readSummaries(dir);
    expect(summaries.map((s) => s.id)).toEqual(ids.slice(-25).reverse());
    // Segments of 3: at most 9 + the one being written remain, not 47 (old ones are deleted off the event loop).
    await until(() => listSegments(dir, 'verified').length <= segmentsKept(25));
    expect(listSegments(dir, 'verified').length).toBeLessThanOrEqual(segmentsKept(25));
    expect(listSegments(dir, 'verified')[0]).toBeGreaterThan(1);
    const lines = listSegments(dir, 'verified').reduce(
      (n, seq) =>
        n + readFileSync(join(dir, `seg-${String(seq).padStart(10, '0')}.ndjson`), 'utf8').split('\n').length - 1,
      0,
    );
    expect(lines).toBeLessThanOrEqual(25 + segmentCapacity(25) + 1);
    // A delivery past the bound is not found, even if its segment is still there.
    expect(findEntries(dir, [ids[0]!, ids.at(-1)!]).has(ids[0]!)).toBe(false);
    expect(
      findEntries(dir, [ids.at(-1)!])
        .get(ids.at(-1)!)
        ?.body.toString(),
    ).toBe(JSON.stringify({ id: 139, title: 'task 139' }));
    expect(readEntries(dir, 2).map((e) => e.id)).toEqual([ids.at(-1), ids.at(-2)]);
  });

  it('keeps no more than --inbox-bytes on disk: a flood of large bodies drops the oldest, the newest stay', async () => {
    const dir = tempDir();
    const bytes = 2 * 1024 * 1024;
    const writer = await open(dir, 10_000, [], bytes);
    const ids: string[] = [];
    // 100 deliveries of 100 kB (records of ~133 kB in base64): 13 MB sent, the bound 2 MiB.
    for (let n = 0; n < 100; n++) {
      const id = writer.ids.next(Date.now());
      ids.push(id);
      writer.add(verified(entry(id, n, Buffer.alloc(100_000, 0x61 + (n % 26)))));
      await writer.drain();
    }
    // Sizes as they are now: a segment may be deleted between the listing and its stat.
    const onDisk = () =>
      listSegments(dir, 'verified').reduce(
        (n, seq) =>
          n +
          (statSync(join(dir, `seg-${String(seq).padStart(10, '0')}.ndjson`), { throwIfNoEntry: false })?.size ?? 0),
        0,
      );
    // Old segments are deleted off the event loop; what stays is within the bound and one record more.
    await until(() => onDisk() <= bytes + 140_000);
    expect(onDisk()).toBeLessThanOrEqual(bytes + 140_000);
    const kept = readSummaries(dir).map((s) => s.id);
    expect(kept.length).toBeGreaterThanOrEqual(8);
    expect(kept.length).toBeLessThan(20);
    expect(kept).toEqual(ids.slice(-kept.length).reverse());
    expect(findEntries(dir, [ids.at(-1)!]).get(ids.at(-1)!)?.body.length).toBe(100_000);
  });

  it('small deliveries stay bounded by count, the byte bound untouched', async () => {
    const dir = tempDir();
    const writer = await open(dir, 25, [], 1024 * 1024);
    const ids = await addMany(writer, 60);
    expect(readSummaries(dir).map((s) => s.id)).toEqual(ids.slice(-25).reverse());
  });

  it('survives a restart: a new writer appends after what the last one kept, with new ids', async () => {
    const dir = tempDir();
    const first = await open(dir, 100);
    const before = await addMany(first, 30);
    await first.close();
    const second = await open(dir, 100);
    const after = await addMany(second, 30, 30);
    await second.close();
    expect(readSummaries(dir).map((s) => s.id)).toEqual([...before, ...after].reverse());
  });

  it('a record torn by a killed writer is skipped, not fatal, and the next writer goes on after it', async () => {
    const dir = tempDir();
    const first = await open(dir, 100);
    const kept = await addMany(first, 10);
    await first.close();
    const segment = join(dir, `seg-${String(listSegments(dir, 'verified').at(-1)).padStart(10, '0')}.ndjson`);
    // What a write cut short by SIGKILL leaves: the start of a record, no line end.
    appendFileSync(segment, encodeEntry(entry('zzzzzzzzz00', 99)).slice(0, 300));
    expect(readSummaries(dir).map((s) => s.id)).toEqual([...kept].reverse());
    const second = await open(dir, 100);
    const more = await addMany(second, 5, 10);
    expect(readSummaries(dir).map((s) => s.id)).toEqual([...kept, ...more].reverse());
    expect(readEntries(dir)).toHaveLength(15);
  });

  it('two writers of one inbox at once lose nothing and make no id twice, across many segment changes', async () => {
    const dir = tempDir();
    const [a, b] = [await open(dir, 50), await open(dir, 50)];
    const ids: string[] = [];
    for (let round = 0; round < 40; round++) {
      ids.push(...(await addMany(a, 7, round * 14)), ...(await addMany(b, 7, round * 14 + 7)));
    }
    expect(new Set(ids).size).toBe(ids.length);
    const newest = [...ids].sort().reverse().slice(0, 50);
    expect(readSummaries(dir).map((s) => s.id)).toEqual(newest);
  });

  it('refuses an inbox directory others can write (it could plant deliveries that --resign signs)', async () => {
    if (process.platform === 'win32') return;
    const dir = tempDir();
    const writer = await open(dir, 10);
    await writer.close();
    chmodSync(dir, 0o777);
    expect(() => readSummaries(dir)).toThrow(
      /inbox directory .* is writable by its group and others, who could plant deliveries .*; fix it with chmod 700/,
    );
    await expect(InboxWriter.open(dir, { size: 10, bytes: DEFAULT_INBOX_BYTES, onError: () => {} })).rejects.toThrow(
      /writable by its group and others/,
    );
  });

  it('an inbox removed while a writer runs starts afresh; a write that fails is reported and the writer goes on', async () => {
    const dir = tempDir();
    const errors: unknown[] = [];
    const writer = await open(dir, 10, errors);
    await addMany(writer, 3);
    rmSync(dir, { recursive: true });
    const after = await addMany(writer, 2, 3);
    expect(readSummaries(dir).map((s) => s.id)).toEqual([...after].reverse());
    expect(errors).toEqual([]);
    // Something that is not a directory where the inbox should be: those entries are lost, and said so.
    rmSync(dir, { recursive: true });
    writeFileSync(dir, 'not a directory');
    await addMany(writer, 2, 5);
    expect(errors.length).toBeGreaterThan(0);
    rmSync(dir);
    const later = await addMany(writer, 2, 7);
    expect(readSummaries(dir).map((s) => s.id)).toEqual([...later].reverse());
  });
});

describe('real processes appending to one inbox at once', () => {
  it('lose nothing, corrupt nothing, and make no id twice', async () => {
    // The writer as a listener runs it, bundled for plain node.
    const work = temp('pwctl-inbox-procs-');
    const bundle = join(work, 'writer.mjs');
    await build({
      input: join(ROOT, 'src/webhooks/inbox/writer.ts'),
      platform: 'node',
      logLevel: 'silent',
      output: { file: bundle, format: 'es', codeSplitting: false },
    });
    const driver = join(work, 'driver.mjs');
    writeFileSync(
      driver,
      `import { InboxWriter } from ${JSON.stringify(bundle)};
const [dir, count, size] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const writer = await InboxWriter.open(dir, { size, bytes: 512 * 1024 * 1024, onError: (e) => { console.error(String(e)); process.exitCode = 1; } });
const ids = [];
for (let n = 0; n < count; n++) {
  const id = writer.ids.next(Date.now());
  ids.push(id);
  // Bodies up to 100 kB: records of many pages, written by both processes at once.
  const body = Buffer.alloc(n % 50 === 0 ? 100_000 : 200 + (n % 7) * 300, 0x61 + (n % 26));
  writer.add({ id, received_at: new Date().toISOString(), verdict: 'verified', reason: null, event: 'task.completed', subscription_id: 1, service: 'sandbox', suggested_subscription_id: null, suggested_service: null, duplicate: false, size: body.length, method: 'POST', path: '/', headers: [['signature', 'x']], body, body_parses: false, forwarded_to: [] });
  if (n % 4 === 0) await new Promise((r) => setImmediate(r));
}
await writer.close();
console.log(JSON.stringify(ids));
`,
    );
    const dir = tempDir();
    const run = () =>
      new Promise<string[]>((resolve, reject) => {
        const child = spawn(process.execPath, [driver, dir, '1500', '2000'], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (c: Buffer) => (out += c));
        child.stderr.on('data', (c: Buffer) => (err += c));
        child.on('close', (code) =>
          code === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(`writer exited ${code}: ${err}`)),
        );
      });
    const [first, second] = await Promise.all([run(), run()]);
    const all = [...first, ...second];
    expect(new Set(all).size).toBe(3_000);
    const entries = readEntries(dir);
    // Bounded at 2,000: exactly the newest 2,000 of the 3,000, each whole.
    expect(entries.map((e) => e.id)).toEqual([...all].sort().reverse().slice(0, 2_000));
    for (const e of entries) expect(e.body.every((byte) => byte === e.body[0])).toBe(true);
    expect(readdirSync(join(dir, 'writers'))).toEqual([]);
  });
});
