// What the inbox trusts (issue 34): forgeries cannot push verified deliveries out of it, a
// rejected delivery's subscription is a guess under its own name (records of the old shape
// read the same way), and something planted in its directory under a segment's name — a
// symbolic link to a file elsewhere, a FIFO — is neither written nor read through.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InboxEntry } from '../../src/webhooks/inbox/entry.js';
import { idTime } from '../../src/webhooks/inbox/ids.js';
import { findEntries, readSummaries } from '../../src/webhooks/inbox/reader.js';
import { encodeEntry } from '../../src/webhooks/inbox/record.js';
import { listSegments, rejectedShare, segmentName, segmentsKept } from '../../src/webhooks/inbox/segments.js';
import { DEFAULT_INBOX_BYTES } from '../../src/webhooks/inbox/size.js';
import { InboxWriter } from '../../src/webhooks/inbox/writer.js';

const writers: InboxWriter[] = [];
const temps: string[] = [];
afterAll(async () => {
  for (const writer of writers) await writer.close();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'pwctl-inbox-trust-'));
  temps.push(root);
  return root;
}

async function open(dir: string, size: number, errors: unknown[] = []): Promise<InboxWriter> {
  const writer = await InboxWriter.open(dir, { size, bytes: DEFAULT_INBOX_BYTES, onError: (e) => errors.push(e) });
  writers.push(writer);
  return writer;
}

function entry(id: string, verdict: InboxEntry['verdict'], n: number): InboxEntry {
  const body = Buffer.from(JSON.stringify({ id: n, title: `task ${n}`, completed_at: '2026-01-01T00:00:00Z' }));
  const rejected = verdict === 'rejected';
  return {
    id,
    received_at: new Date(idTime(id)).toISOString(),
    verdict,
    reason: rejected ? 'no signature' : null,
    event: 'task.completed',
    subscription_id: rejected ? null : 7,
    service: rejected ? null : 'sandbox',
    suggested_subscription_id: rejected ? 7 : null,
    suggested_service: rejected ? 'sandbox' : null,
    duplicate: false,
    size: body.length,
    method: 'POST',
    path: '/',
    headers: [['content-type', 'application/json']],
    body,
    body_parses: true,
    forwarded_to: [],
  };
}

/** Add `count` entries of one verdict, a few a turn, as a listener hands them over. */
async function addMany(writer: InboxWriter, verdict: InboxEntry['verdict'], count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const id = writer.ids.next(Date.now());
    ids.push(id);
    writer.add(entry(id, verdict, n));
    if (n % 5 === 4) await writer.drain();
  }
  await writer.drain();
  return ids;
}

describe('rejected deliveries are bounded on their own', () => {
  it('a flood of forgeries after verified deliveries leaves every verified one, and keeps the newest forgeries', async () => {
    const dir = join(tempRoot(), 'inbox');
    const writer = await open(dir, 50);
    const genuine = await addMany(writer, 'verified', 30);
    const forged = await addMany(writer, 'rejected', 600);
    // Old segments are deleted in the thread pool; closing waits for that.
    await writer.close();
    const shown = readSummaries(dir);
    // The newest 50, of which rejected ones take at most a tenth.
    expect(rejectedShare(50)).toBe(5);
    expect(shown.map((s) => s.id)).toEqual([...forged.slice(-5), ...genuine].sort().reverse());
    expect(findEntries(dir, [genuine[0]!]).has(genuine[0]!)).toBe(true);
    expect(findEntries(dir, [forged.at(-6)!]).size).toBe(0);
    // On disk too: rejected deliveries in segments of their own, bounded as an inbox of 5.
    expect(listSegments(dir, 'rejected').length).toBeLessThanOrEqual(segmentsKept(5));
    expect(listSegments(dir, 'verified').length).toBeLessThanOrEqual(segmentsKept(50));
  });
});

describe('a rejected delivery records no subscription as fact', () => {
  it('keeps the guess under its own name, and reads a record of the old shape the same way', async () => {
    const dir = join(tempRoot(), 'inbox');
    const writer = await open(dir, 100);
    const [fresh] = await addMany(writer, 'rejected', 1);
    await writer.close();
    // Written before the guess had a name of its own: a rejection's guess in subscription_id.
    const old = entry('0000000000a', 'rejected', 1);
    const line = encodeEntry(old).replace(
      '"subscription_id":null,"service":null,"suggested_subscription_id":7,"suggested_service":"sandbox",',
      '"subscription_id":7,"service":"sandbox",',
    );
    expect(line).not.toContain('suggested');
    writeFileSync(join(dir, segmentName(1, 'verified')), line, { flag: 'a' });
    const summaries = readSummaries(dir).map((s) => [
      s.id,
      s.verdict,
      s.subscription_id,
      s.service,
      s.suggested_subscription_id,
      s.suggested_service,
    ]);
    expect(summaries).toEqual([
      [fresh, 'rejected', null, null, 7, 'sandbox'],
      ['0000000000a', 'rejected', null, null, 7, 'sandbox'],
    ]);
    expect(findEntries(dir, ['0000000000a']).get('0000000000a')).toMatchObject({
      subscription_id: null,
      suggested_subscription_id: 7,
    });
  });
});

describe('something planted under a segment name', () => {
  const outsider = () => {
    const file = join(tempRoot(), 'outside.txt');
    writeFileSync(file, 'not the inbox\n');
    return file;
  };

  it('a symbolic link as the newest segment: the writer refuses to open it, the reader to read it; the file it names is untouched', async () => {
    if (process.platform === 'win32') return;
    const dir = join(tempRoot(), 'inbox');
    await addMany(await open(dir, 100), 'verified', 3);
    await writers.at(-1)!.close();
    const outside = outsider();
    symlinkSync(outside, join(dir, segmentName(2, 'verified')));
    await expect(InboxWriter.open(dir, { size: 100, bytes: DEFAULT_INBOX_BYTES, onError() {} })).rejects.toThrow(
      /^seg-0000000002\.ndjson in the inbox is a symbolic link, not a segment file pwctl wrote: it is not written or read through; remove it$/,
    );
    expect(() => readSummaries(dir)).toThrow(/seg-0000000002\.ndjson in the inbox is a symbolic link/);
    expect(readFileSync(outside, 'utf8')).toBe('not the inbox\n');
  });

  it('a link planted while a writer runs (the rejected segment it opens next, the next segment it starts) is refused and said, the file it names untouched', async () => {
    if (process.platform === 'win32') return;
    const dir = join(tempRoot(), 'inbox');
    const errors: unknown[] = [];
    // Segments of one delivery: the next is started at every write.
    const writer = await open(dir, 5, errors);
    await addMany(writer, 'verified', 2);
    const outside = outsider();
    symlinkSync(outside, join(dir, segmentName(1, 'rejected')));
    const next = (listSegments(dir, 'verified').at(-1) ?? 0) + 1;
    symlinkSync(outside, join(dir, segmentName(next, 'verified')));
    await addMany(writer, 'rejected', 1);
    await addMany(writer, 'verified', 1);
    expect(errors.map((e) => (e as Error).message)).toEqual([
      'rej-0000000001.ndjson in the inbox is a symbolic link, not a segment file pwctl wrote: it is not written or read through; remove it',
      `${segmentName(next, 'verified')} in the inbox is a symbolic link, not a segment file pwctl wrote: it is not written or read through; remove it`,
    ]);
    expect(readFileSync(outside, 'utf8')).toBe('not the inbox\n');
  });

  it('a FIFO is refused at once, not waited on', () => {
    if (process.platform === 'win32') return;
    const dir = join(tempRoot(), 'inbox');
    execFileSync('mkdir', ['-m', '700', '-p', join(dir, 'writers')]);
    execFileSync('mkfifo', ['-m', '600', join(dir, segmentName(1, 'rejected'))]);
    expect(() => readSummaries(dir)).toThrow(/^rej-0000000001\.ndjson in the inbox is a FIFO, not a segment file/);
  });
});
