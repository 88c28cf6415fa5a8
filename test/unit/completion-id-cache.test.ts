// The id cache behind completion of ids: what is remembered of the records a command printed,
// and the bounded, per-profile TSV files it becomes.
import { mkdtempSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cacheDir, cleanTitle, MAX_CACHED_IDS, readCachedIds, rememberIds } from '../../src/completion/id-cache.js';
import { IdRecorder } from '../../src/completion/id-recorder.js';
import { ConfigStore } from '../../src/config/store.js';
import type { IdKind } from '../../src/id-kinds.js';
import { IO } from '../../src/io.js';
import type { OutputFormat } from '../../src/output/formats.js';
import type { View } from '../../src/output/view.js';
import { OutputWriter } from '../../src/output/writer.js';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'pwctl-idcache-'));
}

function seen(kind: IdKind, entries: Array<[string, string]>): Map<IdKind, Map<string, string>> {
  return new Map([[kind, new Map(entries)]]);
}

describe('rememberIds / readCachedIds', () => {
  it('writes id<TAB>title lines, most recent first, deduplicated', () => {
    const dir = join(tempDir(), 'cache', 'default');
    rememberIds(
      dir,
      seen('steps', [
        ['101', 'Kickoff'],
        ['102', 'Assets'],
      ]),
    );
    rememberIds(
      dir,
      seen('steps', [
        ['103', 'Interviews'],
        ['101', 'Kickoff call'],
      ]),
    );
    expect(readFileSync(join(dir, 'steps.tsv'), 'utf8')).toBe('103\tInterviews\n101\tKickoff call\n102\tAssets\n');
    expect(readCachedIds(dir, 'steps')).toEqual([
      { id: '103', title: 'Interviews' },
      { id: '101', title: 'Kickoff call' },
      { id: '102', title: 'Assets' },
    ]);
  });

  it('keeps each kind in its own file', () => {
    const dir = tempDir();
    rememberIds(
      dir,
      new Map([
        ['milestones', new Map([['71', 'Design sign-off']])],
        ['docs', new Map([['5eed0000-0000-4000-8000-000000000081', 'Brief']])],
      ]),
    );
    expect(readCachedIds(dir, 'milestones')).toEqual([{ id: '71', title: 'Design sign-off' }]);
    expect(readCachedIds(dir, 'docs')).toEqual([{ id: '5eed0000-0000-4000-8000-000000000081', title: 'Brief' }]);
    expect(readCachedIds(dir, 'steps')).toEqual([]);
  });

  it(`is bounded to ${MAX_CACHED_IDS} entries per kind, dropping the oldest`, () => {
    const dir = tempDir();
    rememberIds(
      dir,
      seen(
        'steps',
        Array.from({ length: 150 }, (_, i) => [String(1000 + i), `old ${i}`]),
      ),
    );
    rememberIds(
      dir,
      seen(
        'steps',
        Array.from({ length: 100 }, (_, i) => [String(2000 + i), `new ${i}`]),
      ),
    );
    const ids = readCachedIds(dir, 'steps').map((e) => e.id);
    expect(ids).toHaveLength(MAX_CACHED_IDS);
    expect(ids[0]).toBe('2000');
    expect(ids[99]).toBe('2099');
    expect(ids[100]).toBe('1000');
    expect(ids.at(-1)).toBe('1099');
  });

  it('creates 0700 directories and 0600 files', () => {
    const root = tempDir();
    const dir = join(root, 'cache', 'work');
    rememberIds(dir, seen('webhooks', [['92', 'task.completed http://127.0.0.1/']]));
    expect(statSync(join(root, 'cache')).mode & 0o777).toBe(0o700);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'webhooks.tsv')).mode & 0o777).toBe(0o600);
  });

  it('keeps titles on one line and short, and never writes an id a shell could misread', () => {
    const dir = tempDir();
    rememberIds(
      dir,
      seen('steps', [
        ['7', 'evil\u001b]0;title\u0007\tname\nsecond line'],
        ['8\tx', 'tab in id'],
        ['../9', 'path'],
        ['10', 'y'.repeat(200)],
      ]),
    );
    const entries = readCachedIds(dir, 'steps');
    expect(entries.map((e) => e.id)).toEqual(['7', '10']);
    expect(entries[0]!.title).toBe('evil ]0;title name second line');
    expect(entries[1]!.title).toHaveLength(80);
    expect(entries[1]!.title.endsWith('…')).toBe(true);
    expect(cleanTitle('  a \r\n b  ')).toBe('a b');
  });

  it('ignores lines of a damaged file', () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'steps.tsv'), '101\tok\n\n$(rm -rf ~)\tbad\n102\n');
    expect(readCachedIds(dir, 'steps')).toEqual([
      { id: '101', title: 'ok' },
      { id: '102', title: '' },
    ]);
  });

  it('has one directory per profile and service, the sandbox under a name of its own', () => {
    expect(cacheDir('/c', 'default', 'https://pm.example.com')).toBe(
      join('/c', 'cache', 'default', 'https_3a_2f_2fpm.example.com'),
    );
    expect(cacheDir('/c', 'work', 'sandbox')).toBe(join('/c', 'cache', 'work', 'sandbox'));
    expect(cacheDir('/c', 'work', 'http://127.0.0.1:8080')).not.toBe(cacheDir('/c', 'work', 'http://127.0.0.1:8081'));
    expect(cacheDir('/c', 'default', undefined)).toBeUndefined();
    expect(cacheDir('/c', '../etc', 'sandbox')).toBeUndefined();
    expect(cacheDir('/c', 'a/b', 'sandbox')).toBeUndefined();
    expect(cacheDir('/c', '.hidden', 'sandbox')).toBeUndefined();
    expect(cacheDir('/c', 'default', `https://${'x'.repeat(300)}.example`)).toBeUndefined();
  });
});

describe('printed records are remembered (OutputWriter → IdRecorder)', () => {
  interface Rec {
    id: number;
    title: string;
  }
  const VIEW: View<Rec> = {
    fields: ['id', 'title'],
    columns: [{ header: 'ID', value: (r) => r.id }],
    cache: { kind: 'milestones', id: (r) => r.id, title: (r) => r.title },
  };

  function setup(format: OutputFormat, fields?: string[]) {
    const dir = tempDir();
    const recorder = new IdRecorder(new ConfigStore(dir), 'default', 'https://example.com');
    const stdout = new PassThrough().resume();
    const io = new IO(
      { stdin: new PassThrough(), stdout, stderr: new PassThrough() },
      { stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false, stdoutColor: 0, stderrColor: 0 },
    );
    const writer = new OutputWriter(io, format, fields, { onRecord: (record, view) => recorder.observe(record, view) });
    const saved = () => {
      recorder.save();
      return readCachedIds(cacheDir(dir, 'default', 'https://example.com')!, 'milestones').map((e) => [e.id, e.title]);
    };
    return { writer, saved };
  }

  for (const format of ['table', 'json', 'ndjson', 'yaml'] as const) {
    it(`in ${format}, lists and single records, with --fields too`, async () => {
      const { writer, saved } = setup(format, ['title']);
      await writer.list(
        [
          { id: 71, title: 'Design sign-off' },
          { id: 72, title: 'Launch' },
        ],
        VIEW,
      );
      await writer.record({ id: 73, title: 'Brand reveal' }, VIEW);
      expect(saved()).toEqual([
        ['71', 'Design sign-off'],
        ['72', 'Launch'],
        ['73', 'Brand reveal'],
      ]);
    });
  }

  it(`keeps only the first ${MAX_CACHED_IDS} of a long list`, async () => {
    const { writer, saved } = setup('ndjson');
    await writer.list(
      Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, title: `m${i + 1}` })),
      VIEW,
    );
    const kept = saved().map(([id]) => id);
    expect(kept).toHaveLength(MAX_CACHED_IDS);
    expect(kept.at(-1)).toBe(String(MAX_CACHED_IDS));
  });

  it("remembers nothing for a view without a cache, or a dry run's missing record", async () => {
    const { writer, saved } = setup('json');
    await writer.list([{ id: 1, title: 'x' }], { fields: [], columns: [] });
    await writer.record(undefined, VIEW);
    expect(saved()).toEqual([]);
  });
});
