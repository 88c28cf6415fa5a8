// `export` when one of its lists fails mid-way (issue 27): a server whose first page of tasks
// is large (2,000 tasks with 2 KB bodies, so writes are still queued when the next page
// fails) and whose next page answers 404. The crash this guards against was
// timing-dependent (8 runs in 10 on Node 24), so the run is repeated.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runInProcess, startCli } from '../helpers/cli.js';

let server: Server;
let baseUrl: string;
/** Whether the first page of tasks should hang (for the signal test) instead of answering. */
let hangFirstPage = false;

beforeAll(async () => {
  const body = 'x'.repeat(2048);
  const ref = { id: 1, title: 'P' };
  const steps = Array.from({ length: 2000 }, (_, i) => ({
    id: i + 1,
    title: `task ${i + 1}`,
    content: body,
    completed: false,
    phase: { ...ref, is_internal: false },
    project: ref,
    client: ref,
    company: ref,
    tags: [],
  }));
  let firstPage: string | undefined;
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', baseUrl);
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/api/v1/steps') {
      if (url.searchParams.get('page') === '2') return void res.writeHead(404).end('{"message":"No such page."}');
      if (hangFirstPage) return; // never answered
      firstPage ??= JSON.stringify({
        data: steps,
        links: { next: `${baseUrl}/api/v1/steps?page=2` },
        meta: { current_page: 1, per_page: 1000 },
      });
      return void res.end(firstPage);
    }
    if (url.pathname === '/api/v1/webhooks') return void res.end('{"data":[],"next_page_url":null}');
    res.end('{"data":[],"links":{"next":null},"meta":{}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

const env = () => ({ PWCTL_BASE_URL: baseUrl, PWCTL_TOKEN: 'x-token-for-a-stub' });
const freshDir = () => join(mkdtempSync(join(tmpdir(), 'pwctl-export-fail-')), 'backup');

describe('export when a list fails', () => {
  // The crash was the process's (an error event nobody handled): real processes, every time.
  it('exits with the failing list’s code, one error line, no stack trace and no file left — every time', async () => {
    for (let run = 0; run < 8; run++) {
      const dir = freshDir();
      const r = await runCli(['export', dir], { env: env() });
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toBe('error: reading tasks: GET /api/v1/steps?page=2: 404 Not Found: No such page.\n');
      // The run made the directory; it takes it back: the file system is as it was.
      expect(existsSync(dir)).toBe(false);
    }
  });

  it('an empty directory that was there before stays, empty', async () => {
    const dir = freshDir();
    mkdirSync(dir);
    const r = await runInProcess(['export', dir], { env: env() });
    expect(r.code).toBe(3);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('directories made for it (parents too) are removed when it fails before reading anything', async () => {
    const parent = join(freshDir(), 'nested');
    const dir = join(parent, 'backup');
    const r = await runInProcess(['export', dir], { env: { PWCTL_BASE_URL: baseUrl } });
    expect(r.code).toBe(4); // no credentials: before any request
    expect(existsSync(parent)).toBe(false);
    expect(existsSync(join(parent, '..'))).toBe(false);
  });

  it('leaves an earlier complete export in the directory untouched (--force)', async () => {
    const dir = freshDir();
    mkdirSync(dir);
    const earlier = {
      'manifest.json': '{"counts":{}}\n',
      'steps.ndjson': '{"id":1}\n',
      'documents.ndjson': '',
      'milestones.ndjson': '',
      'webhooks.ndjson': '',
    };
    for (const [name, text] of Object.entries(earlier)) writeFileSync(join(dir, name), text);
    const r = await runInProcess(['export', dir, '--force', '-o', 'json'], { env: env() });
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(2); // the error line and its JSON form
    expect(readdirSync(dir).sort()).toEqual(Object.keys(earlier).sort());
    for (const [name, text] of Object.entries(earlier)) expect(readFileSync(join(dir, name), 'utf8')).toBe(text);
  });

  it('--force removes temporary files a killed run left behind', async () => {
    const dir = freshDir();
    mkdirSync(dir);
    writeFileSync(join(dir, '.steps.ndjson.partial-999-abc-0'), 'half a file');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const r = await runInProcess(['export', dir, '--force'], { env: env() });
    expect(r.code).toBe(3);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  // SIGHUP: the terminal the export was started from went away (a closed window, a dropped ssh).
  it.each(['SIGTERM', 'SIGHUP'] as const)(
    '%s while a list is still being read ends the run at once, leaving nothing behind',
    async (signal) => {
      hangFirstPage = true;
      try {
        const dir = freshDir();
        const run = startCli(['export', dir], { env: env() });
        // The staged files exist once the run has begun reading.
        await until(() => existsSync(dir) && readdirSync(dir).length === 4);
        run.child.kill(signal);
        const r = await run.result;
        expect(r.code).toBe(130);
        expect(r.stderr).toMatch(/^error: interrupted: nothing was written\n$/);
        expect(existsSync(dir)).toBe(false);
      } finally {
        hangFirstPage = false;
      }
    },
  );
});
