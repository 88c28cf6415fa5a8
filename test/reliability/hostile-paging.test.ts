// Paging ends when the service's next links go round in circles or lead past the last page it
// announced (issues 22 and 34): the list stops with exit 7 before the link is requested. The
// page cap (--max-pages), for links that never repeat, is hostile-page-cap.test.ts's. Real CLI
// processes against test/helpers/hostile-server.ts; RELIABILITY_REPORT=1 prints what
// each case cost.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectOneErrorLine } from '../helpers/cli.js';
import { against, listPages, WITHIN_CAP as withinCap } from '../helpers/hostile-server.js';

const MiB = 1024 * 1024;
const project = ['--project', '31'];
const STEPS = '/api/v1/steps';
/** The same milestone on every page, under a next link that is always new. */
const sameRecordForever = listPages('/api/v1/milestones', ({ page, url }) => ({
  data: [{ id: 1, title: 'The same milestone' }],
  links: { next: `${url.origin}/api/v1/milestones?page=${page + 1}` },
}));

describe('paging ends when the next links go round in circles', () => {
  it.concurrent(
    '--all: new next links serving the same record stop at the second page, exit 7',
    async () => {
      const r = await against('milestones list --all, same record under ever-new next links', sameRecordForever, [
        'milestones',
        'list',
        '--all',
        ...project,
        '-o',
        'ndjson',
      ]);
      expectOneErrorLine(
        r,
        7,
        /^error: GET \/api\/v1\/milestones\?project_id=31&per_page=1000: page 2 holds only records of earlier pages, yet the service's next link asks for page 3: the list would never end; stopped after 2 pages$/,
      );
      expect(r.requests).toHaveLength(2);
      expect(r.stdout).toBe('{"id":1,"title":"The same milestone"}\n');
    },
    withinCap,
  );

  it.concurrent(
    'export: the same server ends the run with the list named and nothing written',
    async () => {
      const dir = join(mkdtempSync(join(tmpdir(), 'pwctl-hostile-export-')), 'backup');
      const r = await against('export, same record under ever-new next links', sameRecordForever, ['export', dir]);
      expectOneErrorLine(
        r,
        7,
        /^error: reading milestones: GET \/api\/v1\/milestones\?per_page=1000: page 2 holds only records of earlier pages/,
      );
      expect(r.requests.filter((request) => request.startsWith('GET /api/v1/milestones'))).toHaveLength(2);
      expect(existsSync(dir)).toBe(false);
    },
    withinCap,
  );

  it.concurrent(
    'api --paginate: the same server stops at the second page',
    async () => {
      const r = await against('api --paginate, same record under ever-new next links', sameRecordForever, [
        'api',
        '/milestones',
        '--paginate',
      ]);
      expectOneErrorLine(
        r,
        7,
        /^error: GET \/api\/v1\/milestones\?per_page=1000: page 2 holds only records of earlier pages/,
      );
      expect(r.requests).toHaveLength(2);
      // Pages are printed as they arrive: the first page's record, and no closing bracket, so
      // a reader of the array (jq) fails too instead of taking it for the whole list.
      expect(r.stdout).toBe('[\n  {\n    "id": 1,\n    "title": "The same milestone"\n  }');
    },
    withinCap,
  );

  it.concurrent(
    'api --paginate: identical pages of records without ids, under new cursor links, stop at the second page',
    async () => {
      const pages = listPages('/api/v1/things', ({ request, url }) => ({
        data: ['same', { note: 'no id' }],
        links: { next: `${url.origin}/api/v1/things?cursor=c${request}` },
      }));
      const r = await against('api --paginate, identical id-less pages under cursor links', pages, [
        'api',
        '/things',
        '--paginate',
      ]);
      expectOneErrorLine(
        r,
        7,
        /page 2 holds only records of earlier pages, yet the service's next link asks for another: the list would never end; stopped after 2 pages$/,
      );
      expect(r.requests).toHaveLength(2);
    },
    withinCap,
  );

  it.concurrent(
    'a next link that repeats a page already read ends the run (it used to stop silently, exit 0)',
    async () => {
      const pages = listPages('/api/v1/milestones', ({ page, request, url }) => ({
        data: [{ id: request, title: `fresh ${request}` }],
        links: { next: `${url.origin}/api/v1/milestones?page=${Math.min(page + 1, 3)}` },
      }));
      const r = await against('milestones list --all, page 3 links to itself', pages, [
        'milestones',
        'list',
        '--all',
        ...project,
        '-o',
        'ndjson',
      ]);
      expectOneErrorLine(
        r,
        7,
        /^error: GET \/api\/v1\/milestones\?project_id=31&per_page=1000: the service's next link on page 3 repeats page 3 \(GET \/api\/v1\/milestones\?page=3\): the list would never end; stopped after 3 pages$/,
      );
      expect(r.requests).toHaveLength(3);
    },
    withinCap,
  );

  it.concurrent(
    'a next link back to an earlier page number, under an ever-new URL, ends the run',
    async () => {
      const pages = listPages('/api/v1/milestones', ({ page, request, url }) => ({
        data: [{ id: request, title: `fresh ${request}` }],
        links: { next: `${url.origin}/api/v1/milestones?page=${page === 2 ? 1 : page + 1}&visit=${request}` },
      }));
      const r = await against('milestones list --all, page 2 links back to page 1 under new URLs', pages, [
        'milestones',
        'list',
        '--all',
        ...project,
        '-o',
        'ndjson',
      ]);
      expectOneErrorLine(
        r,
        7,
        /the service's next link on page 2 goes back to page 1 \(GET \/api\/v1\/milestones\?page=1&visit=2\): the list would never end; stopped after 2 pages$/,
      );
      expect(r.requests).toHaveLength(2);
    },
    withinCap,
  );

  it.concurrent(
    'more pages than meta accounts for end the run',
    async () => {
      const pages = listPages('/api/v1/milestones', ({ page, request, url }) => ({
        data: [{ id: request, title: `fresh ${request}` }],
        links: { next: `${url.origin}/api/v1/milestones?page=${page + 1}` },
        meta: { current_page: page, per_page: 1000, total: 1500 },
      }));
      const r = await against('milestones list --all, meta.total 1500 but next links forever', pages, [
        'milestones',
        'list',
        '--all',
        ...project,
        '-o',
        'ndjson',
      ]);
      expectOneErrorLine(
        r,
        7,
        /the service's next link on page 2 leads past the last page the service announced \(page 2 of 2\): the list would never end; stopped after 2 pages$/,
      );
      expect(r.requests).toHaveLength(2);
    },
    withinCap,
  );

  it.concurrent(
    'api --paginate --jq holds no more than one answer’s worth of pages (PWCTL_MAX_RESPONSE_BYTES)',
    async () => {
      const pad = 'x'.repeat(100_000);
      const pages = listPages('/api/v1/things', ({ request, url }) => ({
        data: [{ n: request, pad }],
        links: { next: `${url.origin}/api/v1/things?cursor=c${request}` },
      }));
      const r = await against(
        'api --paginate --jq, fresh 100 KB pages forever, 1 MiB limit',
        pages,
        ['api', '/things', '--paginate', '--jq', 'length'],
        { PWCTL_MAX_RESPONSE_BYTES: String(MiB) },
      );
      expectOneErrorLine(
        r,
        7,
        /^error: GET \/api\/v1\/things\?per_page=1000: its pages add up to more than 1 MiB, the most pwctl holds of one answer \(PWCTL_MAX_RESPONSE_BYTES\); stopped after 11 pages$/,
      );
      expect(r.requests).toHaveLength(11);
    },
    withinCap,
  );
});

describe('nothing past the last page the service announced is asked for', () => {
  it.concurrent(
    'a next link that skips past links.last is not followed (it used to be requested)',
    async () => {
      const pages = listPages('/api/v1/milestones', ({ page, url }) => ({
        data: [{ id: page, title: `fresh ${page}` }],
        links: {
          next: `${url.origin}/api/v1/milestones?page=${page + 4}`,
          last: `${url.origin}/api/v1/milestones?page=3`,
        },
      }));
      const r = await against('milestones list --all, page 1 links to page 5 of 3', pages, [
        'milestones',
        'list',
        '--all',
        ...project,
        '-o',
        'ndjson',
      ]);
      expectOneErrorLine(
        r,
        7,
        /the service's next link on page 1 asks for page 5, past the last page the service announced \(page 3\): the list would never end; stopped after 1 page$/,
      );
      expect(r.requests).toEqual(['GET /api/v1/milestones?project_id=31&per_page=1000']);
    },
    withinCap,
  );

  it.concurrent(
    'links.last as a cursor: the page it names is the last one read, whatever its next link says',
    async () => {
      const pages = listPages(STEPS, ({ request, url }) => ({
        data: [{ id: request, title: `fresh ${request}` }],
        links: { next: `${url.origin}${STEPS}?cursor=c${request + 1}`, last: `${url.origin}${STEPS}?cursor=c3` },
      }));
      const r = await against('steps list --all, links.last names cursor c3, next links for ever', pages, [
        'steps',
        'list',
        '--all',
        '-o',
        'ndjson',
      ]);
      expectOneErrorLine(
        r,
        7,
        /the service's next link on page 3 leads past the last page the service announced \(links\.last\): the list would never end; stopped after 3 pages$/,
      );
      expect(r.requests).toHaveLength(3);
      // As for every sign of a loop, the records of the page that showed it are not passed on.
      expect(r.stdout.trim().split('\n')).toHaveLength(2);
    },
    withinCap,
  );
});
