// A staged file abandoned with writes still queued (issue 27): no unhandled stream error, no
// temporary file left, and a write waiting for 'drain' rejects instead of hanging.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StagedFile } from '../../src/files/staged-file.js';
import { write } from '../../src/io/write.js';

describe('StagedFile', () => {
  it('discard() with writes in flight removes the file and raises nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pwctl-staged-'));
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    try {
      for (let round = 0; round < 20; round++) {
        const file = new StagedFile(join(dir, `part-${round}.ndjson`));
        const chunk = 'y'.repeat(64 * 1024);
        // A writer as export's: one write at a time, backpressure respected, until it fails.
        const writing = (async () => {
          for (let i = 0; i < 200; i++) await write(file.stream, chunk);
        })().catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, round % 4));
        await file.discard();
        await writing;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(errors).toEqual([]);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      process.off('uncaughtException', onError);
    }
  });

  it('a write waiting for drain rejects when the stream is destroyed', async () => {
    const file = new StagedFile(join(mkdtempSync(join(tmpdir(), 'pwctl-staged-')), 'x.ndjson'));
    let waiting: Promise<void> | undefined;
    for (let i = 0; i < 100 && !waiting; i++) {
      const w = write(file.stream, 'z'.repeat(64 * 1024));
      if (file.stream.writableNeedDrain) waiting = w;
      else await w;
    }
    expect(waiting).toBeDefined();
    const outcome = waiting!.then(
      () => 'resolved',
      (error: NodeJS.ErrnoException) => error.code,
    );
    await file.discard();
    expect(await outcome).toBe('ERR_STREAM_DESTROYED');
  });

  it('commit() gives the file its name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pwctl-staged-'));
    const file = new StagedFile(join(dir, 'done.ndjson'));
    await write(file.stream, '{"id":1}\n');
    await file.commit();
    expect(readdirSync(dir)).toEqual(['done.ndjson']);
  });
});
