// `export <dir>` end to end: the contract's files with the fewest requests, counts equal to
// what the service shows that role (a client's export holds no internal document), never a
// secret, a non-empty directory refused without --force, and a failure halfway leaving
// nothing that looks complete.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/sandbox/index.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const EXTRA_STEPS = 1500;
const cli = useSandboxCli({ extraSteps: EXTRA_STEPS });
const pw = cli.pw;
const FILES = ['documents.ndjson', 'manifest.json', 'milestones.ndjson', 'steps.ndjson', 'webhooks.ndjson'];

let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'pwctl-export-')), 'backup');
});

const lines = (name: string) =>
  readFileSync(join(dir, name), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);

/** Every record of a list as the service shows it to `role`, read straight over HTTP. */
async function visible(role: Role, path: string): Promise<Record<string, any>[]> {
  const records: Record<string, any>[] = [];
  let url: string | null = `${cli.sb.baseUrl}/api/v1/${path}?per_page=1000`;
  while (url) {
    const body = (await (await fetch(url, { headers: { Authorization: `Bearer ${cli.sb.tokens[role]}` } })).json()) as {
      data: Record<string, any>[];
      links?: { next: string | null };
      next_page_url?: string | null;
    };
    records.push(...body.data);
    url = body.links?.next ?? body.next_page_url ?? null;
  }
  return records;
}

async function createWebhook(): Promise<string> {
  const response = await fetch(`${cli.sb.baseUrl}/api/v1/webhooks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${cli.sb.tokens.manager}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: 'https://example.com/hooks', event: 'task.completed', company_id: 1 }),
  });
  return ((await response.json()) as { secret: string }).secret;
}

describe('export', () => {
  it('writes every list the manager can read, in pages of 1000, with content and tags', async () => {
    const secret = await createWebhook();
    const expected = {
      documents: (await visible('manager', 'documents')).length,
      steps: (await visible('manager', 'steps')).length,
      milestones: (await visible('manager', 'milestones')).length,
      webhooks: (await visible('manager', 'webhooks')).length,
    };
    cli.mark();
    const r = await pw(['export', dir, '-o', 'json']);
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(FILES);

    expect(expected.steps).toBeGreaterThan(1000);
    expect(expected.webhooks).toBe(1);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest).toEqual({
      base_url: cli.sb.baseUrl,
      service: cli.sb.baseUrl,
      exported_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      company_id: null,
      counts: expected,
    });
    expect(JSON.parse(r.stdout)).toEqual({ dir, ...manifest });
    for (const part of ['documents', 'steps', 'milestones', 'webhooks'] as const)
      expect(lines(`${part}.ndjson`)).toHaveLength(expected[part]);

    expect(lines('documents.ndjson').every((d) => typeof d.content === 'string')).toBe(true);
    expect(lines('steps.ndjson').every((s) => typeof s.content === 'string' && Array.isArray(s.tags))).toBe(true);
    expect(
      lines('steps.ndjson')
        .find((s) => s.id === 112)!
        .tags.map((t: { id: number }) => t.id)
        .sort(),
    ).toEqual([64, 66]);
    // The fewest requests: one page per 1000 records, nothing else.
    const gets = cli.sent('/api/v1/').map((e) => `${e.method} ${e.path} ${new URLSearchParams(e.query).toString()}`);
    expect(gets.sort()).toEqual(
      [
        'GET /api/v1/documents include=content&per_page=1000',
        'GET /api/v1/milestones per_page=1000',
        'GET /api/v1/steps include=content%2Ctags&per_page=1000',
        'GET /api/v1/steps include=content%2Ctags&per_page=1000&page=2',
        'GET /api/v1/webhooks per_page=1000',
      ].sort(),
    );
    for (const name of FILES) expect(readFileSync(join(dir, name), 'utf8')).not.toContain(secret);
    expect(lines('webhooks.ndjson')[0]).not.toHaveProperty('secret');
  });

  it("a client user's export holds only what a client sees: no internal documents or tasks", async () => {
    const r = await pw(['export', dir, '-q'], { role: 'client' });
    expect(r.code).toBe(0);
    const documents = lines('documents.ndjson');
    expect(documents.map((d) => d.id).sort()).toEqual((await visible('client', 'documents')).map((d) => d.id).sort());
    expect(documents.map((d) => d.id).sort()).toEqual([81, 83]);
    expect(documents.every((d) => d.is_internal === false)).toBe(true);
    const steps = lines('steps.ndjson');
    expect(steps).toHaveLength((await visible('client', 'steps')).length);
    expect(steps.some((s) => s.phase.is_internal)).toBe(false);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.counts).toEqual({
      documents: 2,
      steps: steps.length,
      milestones: (await visible('client', 'milestones')).length,
      webhooks: 0,
    });
  });

  it('--company filters every list', async () => {
    const r = await pw(['export', dir, '--company', '1', '-q']);
    expect(r.code).toBe(0);
    expect(cli.sent('/api/v1/').every((e) => e.query.company_id === '1')).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).company_id).toBe(1);
    expect(lines('documents.ndjson').every((d) => d.company.id === 1)).toBe(true);
  });

  it('refuses a non-empty directory before any request; --force replaces an earlier export', async () => {
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    cli.expectUsageError(
      await pw(['export', dir]),
      /^error: <dir>: ".*backup" is not empty; choose an empty or new directory, or pass --force/,
    );
    cli.expectUsageError(await pw(['export', join(dir, 'notes.txt')]), /is not a directory/);
    expect((await pw(['export', dir, '--force', '-q'])).code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([...FILES, 'notes.txt'].sort());
  });

  it('a failure halfway leaves no file that looks complete, and an earlier export untouched', async () => {
    cli.sb.faults.add({ method: 'GET', path: '/api/v1/steps', count: 100, action: { type: 'status', status: 500 } });
    const failed = await pw(['export', dir]);
    expect(failed.code).toBe(7);
    expect(existsSync(dir)).toBe(false); // it made the directory, and took it back

    cli.sb.faults.clear();
    expect((await pw(['export', dir, '-q'])).code).toBe(0);
    const before = Object.fromEntries(FILES.map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
    cli.sb.faults.add({
      method: 'GET',
      path: '/api/v1/milestones',
      count: 100,
      action: { type: 'status', status: 500 },
    });
    expect((await pw(['export', dir, '--force'])).code).toBe(7);
    expect(readdirSync(dir).sort()).toEqual(FILES);
    for (const name of FILES) expect(readFileSync(join(dir, name), 'utf8')).toBe(before[name]);
  });

  it('prints a summary table', async () => {
    const r = await pw(['export', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        // Exported now: today's time, as tables show times of today (the date only on other days).
        `^directory:\\t${dir}\\ndocuments:\\t6\\ntasks:\\t\\d+\\nmilestones:\\t\\d+\\nwebhooks:\\t0\\nexported:\\t(\\d{4}-\\d\\d-\\d\\d )?\\d\\d:\\d\\d [+-]\\d\\d:\\d\\d\\n$`,
      ),
    );
  });
});
