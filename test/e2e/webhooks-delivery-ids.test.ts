// Naming a kept delivery (issue 32): an id may be given as its first few characters, as git
// and docker take theirs — one delivery resolves, several are listed (exit 2), none is "not
// found" (exit 3, the contract's table) — and the `deliveries show` picker on a real terminal
// tells deliveries of one event apart by the record their payload names (`#107 Moodboard`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../src/webhooks/signature.js';
import { baseEnv, makeConfigDir, runInProcess, startCli, type CliResult } from '../helpers/cli.js';
import { postStatus as post } from '../helpers/post.js';
import { hasPty, startInPty, visibleText } from '../helpers/pty.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

const SECRET = 'whsec_delivery_ids_5b2e9c';
const TITLES: Record<number, string> = { 107: 'Moodboard', 108: 'Brand guide', 109: 'Sitemap draft' };

interface Row {
  id: string;
  event: string;
}

const configDir = makeConfigDir();
let stub: StubServer;
/** Newest first, as `deliveries list` gives them: 109, 108, 107. */
let rows: Row[];

const pw = (args: string[]) => runInProcess(args, { configDir });

/** The fewest characters (at least 4) that start `id` and no other kept id. */
function uniquePrefix(id: string): string {
  for (let n = 4; n <= id.length; n++) {
    const prefix = id.slice(0, n);
    if (rows.filter((r) => r.id.startsWith(prefix)).length === 1) return prefix;
  }
  return id;
}

/** The longest prefix every kept id starts with (they arrived a moment apart: most of the time part). */
function sharedPrefix(): string {
  let n = 0;
  while (rows.every((r) => r.id[n] === rows[0]!.id[n])) n++;
  return rows[0]!.id.slice(0, n);
}

function expectOneLine(result: CliResult, code: number, pattern: RegExp): void {
  expect(result.code, result.stderr).toBe(code);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(pattern);
}

beforeAll(async () => {
  stub = await startStubServer();
  stub.on('POST /replayed', { status: 204 });
  // Three task.completed deliveries within a second or so: the same time and event, other records.
  const listener = startCli(['webhooks', 'listen', '--port', '0', '--secret', SECRET, '-o', 'ndjson'], {
    configDir,
    timeoutMs: 60_000,
  });
  await listener.waitFor('stderr', /listening on \S+/);
  const url = /listening on (\S+)/.exec(listener.output('stderr'))![1]!;
  for (const id of [107, 108, 109]) {
    const body = JSON.stringify({
      id,
      title: TITLES[id],
      completed: true,
      completed_at: '2026-03-02T10:00:00.000000Z',
      phase: { id: 41, title: 'Discovery' },
    });
    expect(await post(url, body, { 'Content-Type': 'application/json', Signature: signBody(SECRET, body) })).toBe(204);
  }
  await listener.waitFor('stdout', /"id":109/);
  listener.child.kill('SIGINT');
  expect((await listener.result).code).toBe(0);
  const listed = await pw(['webhooks', 'deliveries', 'list', '-o', 'json']);
  expect(listed.code, listed.stderr).toBe(0);
  rows = JSON.parse(listed.stdout) as Row[];
  expect(rows).toHaveLength(3);
});
afterAll(() => stub.close());

describe('a delivery id given as its first few characters', () => {
  it('`deliveries show <prefix>` shows the one delivery whose id starts with it', async () => {
    const oldest = rows[2]!;
    const prefix = uniquePrefix(oldest.id);
    expect(prefix.length).toBeLessThan(oldest.id.length);
    const shown = await pw(['webhooks', 'deliveries', 'show', prefix, '-o', 'json']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: oldest.id, payload: { id: 107, title: 'Moodboard' } });
    // Upper case is the same id, as the full id is.
    const upper = await pw(['webhooks', 'deliveries', 'show', prefix.toUpperCase(), '-o', 'json']);
    expect(JSON.parse(upper.stdout).id).toBe(oldest.id);
  });

  it('`deliveries replay <prefix>` sends that delivery', async () => {
    const newest = rows[0]!;
    const before = stub.requests.length;
    const replayed = await pw([
      'webhooks',
      'deliveries',
      'replay',
      uniquePrefix(newest.id),
      '--to',
      `${stub.url}/replayed`,
      '-o',
      'json',
    ]);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(JSON.parse(replayed.stdout)).toMatchObject([{ id: newest.id, ok: true }]);
    const sent = stub.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ id: 109, title: 'Sitemap draft' });
  });

  it('a prefix several deliveries start with is a usage error listing them (exit 2), before anything is sent', async () => {
    const prefix = sharedPrefix();
    expect(prefix.length).toBeGreaterThanOrEqual(4);
    const before = stub.requests.length;
    for (const args of [
      ['webhooks', 'deliveries', 'show', prefix],
      ['webhooks', 'deliveries', 'replay', prefix, '--to', `${stub.url}/replayed`],
    ]) {
      const result = await pw(args);
      expectOneLine(
        result,
        2,
        new RegExp(`^error: delivery id ${prefix} is ambiguous: 3 kept deliveries start with it: ${rows[0]!.id} \\(`),
      );
      for (const row of rows) expect(result.stderr).toContain(`${row.id} (`);
      expect(result.stderr).toMatch(/task\.completed\); give more of the id$/m);
    }
    expect(stub.requests.length).toBe(before);
  });

  it('an id or prefix no kept delivery has is "not found": exit 3, for show and replay alike', async () => {
    const before = stub.requests.length;
    expectOneLine(
      await pw(['webhooks', 'deliveries', 'show', '0000000000z']),
      3,
      /delivery 0000000000z not found in the inbox of profile default/,
    );
    expectOneLine(await pw(['webhooks', 'deliveries', 'show', 'zzzz']), 3, /delivery zzzz not found/);
    expectOneLine(
      await pw(['webhooks', 'deliveries', 'replay', rows[0]!.id, 'zzzzz', '--to', `${stub.url}/replayed`]),
      3,
      /delivery zzzzz not found/,
    );
    expect(stub.requests.length).toBe(before);
  });

  it('fewer than 4 characters, or characters no id has, are refused as input (exit 2)', async () => {
    for (const id of ['12', 'k3x', 'k3x9-q2']) {
      expectOneLine(
        await pw(['webhooks', 'deliveries', 'show', id]),
        2,
        /<id> must be a delivery id as `pwctl webhooks deliveries list` shows it \(11 letters and digits\), or its first 4 or more, got /,
      );
    }
  });
});

describe.skipIf(!hasPty)('the `deliveries show` picker on a terminal', () => {
  it('names each delivery by its record (#107 Moodboard), so that deliveries of one event and second differ; picking one shows it', async () => {
    const run = startInPty(['webhooks', 'deliveries', 'show'], {
      cols: 120,
      rows: 30,
      keepInput: true,
      env: { ...baseEnv(configDir), PWCTL_PAGER: '' },
    });
    await run.waitFor(/#107 Moodboard/);
    const screen = visibleText(run.output());
    for (const [id, title] of Object.entries(TITLES))
      expect(screen).toMatch(new RegExp(`\\d\\d:\\d\\d:\\d\\d [+-]\\d\\d:\\d\\d task\\.completed #${id} ${title}`));
    run.type('Brand');
    await run.waitFor(/Search: Brand/);
    run.type('\r');
    const { code, output } = await run.done;
    expect(code).toBe(0);
    const shown = visibleText(output);
    expect(shown).toMatch(new RegExp(`id: +${rows[1]!.id}`));
    expect(shown).toContain('"title": "Brand guide"');
  });
});
