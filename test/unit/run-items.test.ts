// The one bulk loop both front ends run (src/bulk/run-items.ts), on work of the test's own:
// what it asks of the front end, and how each item's outcome becomes its result.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { RequestNotSent } from '../../src/api/not-sent.js';
import { readyWork, runItems } from '../../src/bulk/run-items.js';

const OPTIONS = { done: 'done' };

/** A stand-in for the run's client: only its rate limit is read by the loop. */
const CLIENT = { rateLimit: { remaining: undefined } } as unknown as ApiClient;

describe('runItems', () => {
  it('makes no client for offline work', async () => {
    let asked = 0;
    const api = async () => (asked++, CLIENT);
    const work = await readyWork({ offline: async (n: number) => ({ doubled: n * 2 }) }, api);
    const done = await runItems([1, 2], work, OPTIONS);
    expect(asked).toBe(0);
    expect(done.results).toEqual([
      { id: 1, ok: true, data: { doubled: 2 } },
      { id: 2, ok: true, data: { doubled: 4 } },
    ]);
  });

  it('gives client work the client, and keeps results in input order, each failure with its key', async () => {
    const work = await readyWork(
      async (client: ApiClient, item: { name: string }) => {
        expect(client).toBe(CLIENT);
        if (item.name === 'b') throw Object.assign(new Error('refused'), { status: 422 });
        return undefined;
      },
      async () => CLIENT,
    );
    const landed: string[] = [];
    const done = await runItems(
      [{ name: 'a' }, { name: 'b' }],
      work,
      { ...OPTIONS, concurrency: 1, key: (item) => ({ id: item.name }) },
      { landed: (result, tally) => landed.push(`${result.id} ${tally.finished}/${tally.failed}`) },
    );
    expect(done.results).toEqual([
      { id: 'a', ok: true, data: null },
      { id: 'b', ok: false, status: 422, error: 'refused' },
    ]);
    expect(done).toMatchObject({ finished: 2, failed: 1, firstError: { message: 'refused' } });
    expect(landed).toEqual(['a 1/0', 'b 2/1']);
  });

  it('counts an item stopped by --dry-run as done, and a rate-limit wait ended by an interruption as not attempted', async () => {
    const interruption = new AbortController();
    const work = await readyWork(
      async (_client: ApiClient, n: number) => {
        if (n === 1) throw new RequestNotSent('PUT', '/steps/1');
        interruption.abort();
        throw new ApiError({ kind: 'rate_limited', status: 429, method: 'PUT', url: '/steps/2', message: 'wait' });
      },
      async () => CLIENT,
    );
    const done = await runItems([1, 2, 3], work, { ...OPTIONS, concurrency: 1 }, { interrupted: interruption.signal });
    expect(done.results).toEqual([{ id: 1, ok: true, data: null }, undefined, undefined]);
    expect(done).toMatchObject({ finished: 1, failed: 0 });
  });
});
