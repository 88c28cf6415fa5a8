// Every paging command stops at --max-pages (issue 34): a service that brings new records under
// new next links for ever, never repeating itself, costs a bounded number of requests; `api
// --paginate` streams its pages instead of holding them; and a next link that is not a URL ends
// the list with a clear error. Loops the page trail can tell at once are hostile-paging.test.ts's.
// Real CLI processes against test/helpers/hostile-server.ts; RELIABILITY_REPORT=1 prints what
// each case cost.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectOneErrorLine, runCli, startCli } from '../helpers/cli.js';
import {
  against,
  endlessList,
  listPages,
  startHostileServer,
  WITHIN_CAP as withinCap,
} from '../helpers/hostile-server.js';

const STEPS = '/api/v1/steps';
/** The message that ends a list at the page cap, for a list whose first request is `first`. */
const capReached = (first: string, pages: number) =>
  new RegExp(
    `^error: ${first.replace(/[?.]/g, '\\$&')}: the service's next links did not end after ${pages} pages, the most pwctl reads of one list \\(--max-pages ${pages}\\); raise --max-pages or check the service$`,
  );

describe('every paging command stops at --max-pages: new records under new next links for ever', () => {
  it.concurrent(
    'steps list --all: exactly the cap of pages, every record printed, exit 7 naming the cap and the flag',
    async () => {
      const r = await against('steps list --all --max-pages 50, endless', endlessList(STEPS), [
        'steps',
        'list',
        '--all',
        '--max-pages',
        '50',
        '-o',
        'ndjson',
      ]);
      expectOneErrorLine(r, 7, capReached('GET /api/v1/steps?per_page=1000', 50));
      expect(r.requests).toHaveLength(50);
      expect(r.stdout.trim().split('\n')).toHaveLength(100);
    },
    withinCap,
  );

  it.concurrent(
    'export: the cap ends the run with the list named, and nothing is written',
    async () => {
      const dir = join(mkdtempSync(join(tmpdir(), 'pwctl-hostile-export-')), 'backup');
      const r = await against('export --max-pages 50, endless tasks', endlessList(STEPS), [
        'export',
        dir,
        '--max-pages',
        '50',
      ]);
      expectOneErrorLine(
        r,
        7,
        /^error: reading tasks: GET \/api\/v1\/steps\?include=content%2Ctags&per_page=1000: the service's next links did not end after 50 pages/,
      );
      expect(r.requests.filter((request) => request.startsWith(`GET ${STEPS}`))).toHaveLength(50);
      expect(existsSync(dir)).toBe(false);
    },
    withinCap,
  );

  it.concurrent(
    'phases list, which reads the whole task list: the cap ends it',
    async () => {
      const r = await against('phases list --max-pages 50, endless tasks', endlessList(STEPS), [
        'phases',
        'list',
        '--max-pages',
        '50',
      ]);
      expectOneErrorLine(r, 7, capReached('GET /api/v1/steps?per_page=1000', 50));
      expect(r.requests).toHaveLength(50);
      expect(r.stdout).toBe('');
    },
    withinCap,
  );

  it.concurrent(
    'PWCTL_MAX_PAGES sets the cap, and --max-pages comes before it',
    async () => {
      const [env, flag] = await Promise.all([
        against('steps list --all, PWCTL_MAX_PAGES=4', endlessList(STEPS), ['steps', 'list', '--all'], {
          PWCTL_MAX_PAGES: '4',
        }),
        against(
          'steps list --all --max-pages 3, PWCTL_MAX_PAGES=4',
          endlessList(STEPS),
          ['steps', 'list', '--all', '--max-pages', '3'],
          { PWCTL_MAX_PAGES: '4' },
        ),
      ]);
      expectOneErrorLine(env, 7, capReached('GET /api/v1/steps?per_page=1000', 4));
      expect(env.requests).toHaveLength(4);
      expectOneErrorLine(flag, 7, capReached('GET /api/v1/steps?per_page=1000', 3));
      expect(flag.requests).toHaveLength(3);
    },
    withinCap,
  );

  it.concurrent(
    'the config key max_pages sets the cap',
    async () => {
      const configDir = mkdtempSync(join(tmpdir(), 'pwctl-max-pages-'));
      expect((await runCli(['config', 'set', 'max_pages', '5'], { configDir })).code).toBe(0);
      const server = await startHostileServer(endlessList(STEPS));
      try {
        const r = await runCli(['steps', 'list', '--all'], {
          configDir,
          env: { PWCTL_BASE_URL: server.url, PWCTL_TOKEN: 'x-token-for-a-hostile-server' },
        });
        expectOneErrorLine(r, 7, capReached('GET /api/v1/steps?per_page=1000', 5));
        expect(server.requests).toHaveLength(5);
      } finally {
        await server.close();
      }
    },
    withinCap,
  );

  it.concurrent(
    'a cap that is not a whole number of pages is a usage error before any request',
    async () => {
      const [flag, env] = await Promise.all([
        against('--max-pages 0', endlessList(STEPS), ['steps', 'list', '--all', '--max-pages', '0']),
        against('PWCTL_MAX_PAGES=lots', endlessList(STEPS), ['steps', 'list', '--all'], { PWCTL_MAX_PAGES: 'lots' }),
      ]);
      expectOneErrorLine(flag, 2, /^error: --max-pages must be a whole number of 1 or more, got "0"$/);
      expect(flag.requests).toEqual([]);
      expectOneErrorLine(env, 2, /^error: PWCTL_MAX_PAGES must be a whole number of 1 or more, got "lots"$/);
      expect(env.requests).toEqual([]);
    },
    withinCap,
  );

  it.concurrent(
    'api --paginate streams: records are printed while pages are still being read, and the cap ends it',
    async () => {
      // 50 pages of 20 KB: the output begins long before the last page (the old code held every page until the end).
      const pad = 'x'.repeat(20_000);
      const server = await startHostileServer(
        listPages('/api/v1/things', ({ request, url }) => ({
          data: [{ n: request, pad }],
          links: { next: `${url.origin}/api/v1/things?cursor=c${request}` },
        })),
      );
      try {
        const run = startCli(['api', '/things', '--paginate', '--max-pages', '50'], {
          env: { PWCTL_BASE_URL: server.url, PWCTL_TOKEN: 'x-token-for-a-hostile-server' },
        });
        await run.waitFor('stdout', /"n": 1,/);
        const readWhenFirstPrinted = server.requests.length;
        const r = await run.result;
        expectOneErrorLine(r, 7, capReached('GET /api/v1/things?per_page=1000', 50));
        expect(server.requests).toHaveLength(50);
        expect(readWhenFirstPrinted).toBeLessThan(50);
        expect(r.stdout.startsWith('[\n  {\n    "n": 1,')).toBe(true);
        expect(r.stdout.match(/"n": \d+/g)).toHaveLength(50);
      } finally {
        await server.close();
      }
    },
    withinCap,
  );
});

describe('a next link that is not a URL ends the list with a clear error', () => {
  it.concurrent(
    'webhooks list (next_page_url), steps list (links.next), api --paginate: exit 7, naming the link',
    async () => {
      const cases = [
        { path: '/api/v1/webhooks', next: { next_page_url: 2 }, args: ['webhooks', 'list'], kind: 'a number' },
        {
          path: STEPS,
          next: { links: { next: { href: '/api/v1/steps?page=2' } } },
          args: ['steps', 'list', '--all'],
          kind: 'an object',
        },
        {
          path: STEPS,
          next: { links: { next: 'ftp://elsewhere/steps' } },
          args: ['api', '/steps', '--paginate'],
          kind: 'a string that is not an http\\(s\\) URL',
        },
      ];
      const runs = await Promise.all(
        cases.map(({ path, next, args, kind }) => {
          const pages = listPages(path, ({ request }) => ({
            data: [{ id: request, url: 'https://hooks.example.com' }],
            ...next,
          }));
          return against(`${args.join(' ')}, next link is ${kind}`, pages, args);
        }),
      );
      runs.forEach((r, i) => {
        expectOneErrorLine(
          r,
          7,
          new RegExp(`: the service's next link on page 1 is not a URL \\(${cases[i]!.kind}\\)$`),
        );
        expect(r.stderr).not.toMatch(/startsWith|TypeError/);
        expect(r.requests).toHaveLength(1);
      });
    },
    withinCap,
  );
});
