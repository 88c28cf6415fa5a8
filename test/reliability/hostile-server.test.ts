// A broken or hostile service cannot make pwctl hang, loop or swell (issues 22, 34): --timeout
// is a deadline for the whole exchange, Retry-After waits are bounded for each request and for
// the whole command, and an answer larger than the limit is refused as it streams in, once.
// Real CLI processes against test/helpers/hostile-server.ts.
//
// Paging is hostile-paging.test.ts's. Each case also notes what it cost (requests, bytes the
// server wrote, seconds until pwctl stopped); RELIABILITY_REPORT=1 prints them. HOSTILE_CAP_S
// (default 25) is how long a run may take before it is killed, for measuring code that does
// not stop by itself.
import { describe, expect, it } from 'vitest';
import { expectOneErrorLine } from '../helpers/cli.js';
import {
  against,
  dripBody,
  dripHeaders,
  largeBody,
  rateLimited,
  startHostileServer,
  WITHIN_CAP as withinCap,
  type Handler,
} from '../helpers/hostile-server.js';
import { STACK_FRAME } from './support.js';

const MiB = 1024 * 1024;
const project = ['--project', '31'];

describe('--timeout is a deadline for the whole exchange', () => {
  it.concurrent(
    'an answer dripping a byte a second ends at the deadline, for every attempt',
    async () => {
      const r = await against('GET, body drips 1 byte/s, --timeout 2', dripBody(), [
        '--timeout',
        '2',
        'steps',
        'get',
        '1',
      ]);
      expectOneErrorLine(
        r,
        7,
        /^error: GET \/api\/v1\/steps\/1: the service did not answer in time: its answer was still incomplete at the 2 s deadline \(--timeout\)$/,
      );
      // Four attempts of two seconds and their backoff; an idle timer would never fire.
      expect(r.requests).toHaveLength(4);
      expect(r.seconds).toBeLessThan(20);
    },
    withinCap,
  );

  it.concurrent(
    'headers dripping a byte a second end at the deadline',
    async () => {
      const r = await against('GET, headers drip 1 byte/s, --timeout 2', dripHeaders(), [
        '--timeout',
        '2',
        'steps',
        'get',
        '1',
      ]);
      expectOneErrorLine(r, 7, /^error: GET \/api\/v1\/steps\/1: the service did not answer within 2 s \(--timeout\)$/);
      expect(r.requests).toHaveLength(4);
      expect(r.seconds).toBeLessThan(20);
    },
    withinCap,
  );

  it.concurrent(
    'a chunked body that never ends, however fast it comes, ends at the deadline',
    async () => {
      const r = await against(
        'GET, endless chunked body at ~200 KB/s, --timeout 1',
        largeBody({ bytes: Infinity, chunkBytes: 4096, intervalMs: 20 }),
        ['--timeout', '1', 'steps', 'get', '1'],
      );
      expectOneErrorLine(
        r,
        7,
        /the service did not answer in time: its answer was still incomplete at the 1 s deadline \(--timeout\)$/,
      );
      expect(r.requests).toHaveLength(4);
      expect(r.seconds).toBeLessThan(20);
    },
    withinCap,
  );

  it.concurrent(
    'a create sent and not answered in time is not re-sent, and says its outcome is unknown',
    async () => {
      const r = await against('POST, body drips 1 byte/s, --timeout 2', dripBody(), [
        '--timeout',
        '2',
        'milestones',
        'create',
        ...project,
        '--title',
        'Dripped',
        '--due',
        '2026-09-02',
      ]);
      expectOneErrorLine(
        r,
        7,
        /^error: POST \/api\/v1\/milestones: the service did not answer in time: .* after the request was sent; the outcome is unknown and the request was not re-sent/,
      );
      expect(r.requests).toEqual(['POST /api/v1/milestones']);
      expect(r.seconds).toBeLessThan(10);
    },
    withinCap,
  );
});

describe('Retry-After waits are bounded', () => {
  it.concurrent(
    '429 with Retry-After: 100000 ends at once with exit 6, naming the wait',
    async () => {
      const r = await against('429 Retry-After: 100000', rateLimited('100000'), ['steps', 'get', '1']);
      expectOneErrorLine(
        r,
        6,
        /^error: GET \/api\/v1\/steps\/1: 429 Too Many Requests: Too Many Attempts; the service asked to wait 27 h 46 min 40 s \(Retry-After\), longer than the 5 min pwctl waits \(PWCTL_MAX_WAIT\)$/,
      );
      expect(r.requests).toHaveLength(1);
      expect(r.seconds).toBeLessThan(10);
    },
    withinCap,
  );

  it.concurrent(
    'PWCTL_MAX_WAIT sets the bound (here lower: 1 s against a 2 s Retry-After)',
    async () => {
      const r = await against('429 Retry-After: 2, PWCTL_MAX_WAIT=1', rateLimited('2'), ['steps', 'get', '1'], {
        PWCTL_MAX_WAIT: '1',
      });
      expectOneErrorLine(
        r,
        6,
        /the service asked to wait 2 s \(Retry-After\), longer than the 1 s pwctl waits \(PWCTL_MAX_WAIT\)$/,
      );
      expect(r.requests).toHaveLength(1);
    },
    withinCap,
  );

  it.concurrent(
    'the waits of one request add up to no more than the bound',
    async () => {
      const r = await against('429 Retry-After: 1 forever, PWCTL_MAX_WAIT=3', rateLimited('1'), ['steps', 'get', '1'], {
        PWCTL_MAX_WAIT: '3',
      });
      expectOneErrorLine(
        r,
        6,
        /the service asked to wait 1 s \(Retry-After\) after 3 s of waits already, more than the 3 s pwctl waits for one request \(PWCTL_MAX_WAIT\)$/,
      );
      expect(r.requests).toHaveLength(4);
    },
    withinCap,
  );

  it.concurrent(
    'a PWCTL_MAX_WAIT that is not a number of seconds is a usage error before any request',
    async () => {
      const r = await against('PWCTL_MAX_WAIT=soon', rateLimited('2'), ['steps', 'get', '1'], {
        PWCTL_MAX_WAIT: 'soon',
      });
      expectOneErrorLine(r, 2, /^error: PWCTL_MAX_WAIT must be a whole number of seconds from 1 to 86400, got "soon"$/);
      expect(r.requests).toEqual([]);
    },
    withinCap,
  );

  it.concurrent(
    'the waits of a whole bulk run are bounded too: once they are spent, each further item fails at its first 429',
    async () => {
      const r = await against(
        'steps complete of 4 items, 429 Retry-After: 1 for ever, PWCTL_MAX_WAIT=2',
        rateLimited('1'),
        ['steps', 'complete', '1', '2', '3', '4', '--concurrency', '1', '-o', 'json'],
        { PWCTL_MAX_WAIT: '2' },
      );
      expect(r.code, r.stderr).toBe(8);
      const results = JSON.parse(r.stdout) as Array<{ id: number; ok: boolean; status: number; error: string }>;
      expect(results.map((result) => [result.id, result.ok, result.status])).toEqual([
        [1, false, 429],
        [2, false, 429],
        [3, false, 429],
        [4, false, 429],
      ]);
      // The first item waits its own bound (2 s); the others find the command's spent.
      expect(results[0]!.error).toMatch(/more than the 2 s pwctl waits for one request \(PWCTL_MAX_WAIT\)$/);
      for (const result of results.slice(1))
        expect(result.error).toMatch(
          /the service asked to wait 1 s \(Retry-After\) after 2 s of waits in this command, more than the 2 s pwctl waits in all for a command that has had no answer \(PWCTL_MAX_WAIT\)$/,
        );
      expect(r.requests).toHaveLength(3 + 1 + 1 + 1);
    },
    withinCap,
  );

  it.concurrent(
    'a list whose every page is answered only after a Retry-After wait ends within the command’s bound, exit 6',
    async () => {
      // The first request of each page: 429 Retry-After 1; the second: the page, linking to a new one.
      const asked = new Set<string>();
      const handler: Handler = (req, res, url) => {
        res.setHeader('content-type', 'application/json');
        if (!asked.has(req.url!)) {
          asked.add(req.url!);
          return void res.writeHead(429, { 'retry-after': '1' }).end('{"message":"Too Many Attempts."}');
        }
        const page = Number(url.searchParams.get('page') ?? 1);
        res.end(
          JSON.stringify({ data: [{ id: page }], links: { next: `${url.origin}/api/v1/steps?page=${page + 1}` } }),
        );
      };
      const r = await against(
        'steps list --all, Retry-After: 1 before every page, PWCTL_MAX_WAIT=2',
        handler,
        ['steps', 'list', '--all'],
        { PWCTL_MAX_WAIT: '2' },
      );
      // 2 s in all, and a hundredth of it for each page answered.
      expectOneErrorLine(
        r,
        6,
        /^error: GET \/api\/v1\/steps\?page=3: 429 Too Many Requests: Too Many Attempts; the service asked to wait 1 s \(Retry-After\) after 2 s of waits in this command, more than the 2 s pwctl waits in all for a command that has had 2 answers \(PWCTL_MAX_WAIT\)$/,
      );
      expect(r.requests).toHaveLength(5);
      // The two pages answered were printed.
      expect(r.stdout.trim().split('\n')).toHaveLength(2);
    },
    withinCap,
  );
});

describe('an answer over the size limit is refused as it streams in, once', () => {
  it.concurrent(
    'a Content-Length over the default 256 MiB is refused before the body is read',
    async () => {
      const r = await against('GET, Content-Length 300 MB', largeBody({ bytes: 300_000_000, declareLength: true }), [
        'steps',
        'get',
        '1',
      ]);
      expectOneErrorLine(
        r,
        7,
        /^error: GET \/api\/v1\/steps\/1: the service's answer \(200\) is 286.1 MiB \(Content-Length\), more than the 256 MiB limit \(PWCTL_MAX_RESPONSE_BYTES\); it was not read$/,
      );
      expect(r.requests).toHaveLength(1);
      expect(r.bytes).toBeLessThan(32 * MiB);
    },
    withinCap,
  );

  it.concurrent(
    'a chunked body is cut off at the limit (PWCTL_MAX_RESPONSE_BYTES) and not asked for again',
    async () => {
      const r = await against(
        'GET, 64 MiB chunked, limit 1 MiB',
        largeBody({ bytes: 64 * MiB }),
        ['steps', 'get', '1'],
        { PWCTL_MAX_RESPONSE_BYTES: String(MiB) },
      );
      expectOneErrorLine(
        r,
        7,
        /^error: GET \/api\/v1\/steps\/1: the service's answer \(200\) is larger than the 1 MiB limit \(PWCTL_MAX_RESPONSE_BYTES\); pwctl stopped reading it$/,
      );
      expect(r.requests).toHaveLength(1);
      // The limit, and what the sockets' buffers held when pwctl hung up.
      expect(r.bytes).toBeLessThan(16 * MiB);
      expect(r.stderr).not.toMatch(STACK_FRAME);
    },
    withinCap,
  );

  it.concurrent(
    'a PWCTL_MAX_RESPONSE_BYTES that is not a byte count is a usage error before any request',
    async () => {
      const r = await against('PWCTL_MAX_RESPONSE_BYTES=1G', largeBody({ bytes: 10 }), ['steps', 'get', '1'], {
        PWCTL_MAX_RESPONSE_BYTES: '1G',
      });
      expectOneErrorLine(
        r,
        2,
        /^error: PWCTL_MAX_RESPONSE_BYTES must be a whole number of bytes from 1024 to 524288000 \(500 MiB\), got "1G"$/,
      );
      expect(r.requests).toEqual([]);
    },
    withinCap,
  );
});

describe('a redirect is never followed', () => {
  it.concurrent(
    'to another origin, for a read, a create and `api`: that host hears nothing, so no token goes there',
    async () => {
      const elsewhere = await startHostileServer((_req, res) => res.end('{"data":{}}'));
      try {
        for (const status of [301, 302, 307, 308]) {
          const redirect: Handler = (_req, res, url) => {
            res.writeHead(status, { Location: `${elsewhere.url}${url.pathname}` });
            res.end();
          };
          for (const args of [
            ['steps', 'get', '1'],
            ['milestones', 'create', ...project, '--title', 'Moved', '--due', '2026-09-02'],
            ['api', '/api/v1/steps/1'],
          ]) {
            const r = await against(`${status} to another origin: ${args[0]} ${args[1]}`, redirect, args);
            expect(r.code, r.stderr).toBe(1);
            expect(r.stderr).toMatch(
              /this does not look like the Project Work Service at .* \(it redirects to http:\/\/127\.0\.0\.1:\d+\//,
            );
            expect(r.stderr).not.toMatch(STACK_FRAME);
            expect(r.requests, 'one request: a redirect is not retried').toHaveLength(1);
          }
        }
        expect(elsewhere.requests).toEqual([]);
      } finally {
        await elsewhere.close();
      }
    },
    withinCap,
  );
});
