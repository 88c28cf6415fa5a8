// `pwctl tags list|add|set|remove` end to end: how <tag> arguments become JSON numbers or
// strings on the wire, splitting long `add` lists, the 100-reference limit of `set`, the
// marked table, retired-set tags, and who may change tags.
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../src/sandbox/index.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;

// Demo tags of company 1: 61 urgent, 62 design, 63 backend, 64 copy, 65 "2024", 68 blocked;
// 66 legacy-review and 67 legacy-qa belong to the retired set "Legacy (2023)".
// Task 112 has [64 copy, 66 legacy-review]; task 107 has [62, 61]; 109 has none.

function sent(method?: string): RequestLogEntry[] {
  return cli.sent(/^\/api\/v1\/steps\/\d+\/tags/, method);
}

const tagIds = (stepId: number) => cli.sb.state.steps[stepId]!.tag_ids;
const rows = (stdout: string) =>
  stdout
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => l.split('\t'));

const expectUsageError = cli.expectUsageError;

describe('tags list', () => {
  it('prints {data, added, removed, created} in json and the tags in a table', async () => {
    const json = await pw(['tags', 'list', '112', '-o', 'json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      data: [
        { id: 64, name: 'copy', color: 'mint' },
        { id: 66, name: 'legacy-review', color: 'coral' },
      ],
      added: [],
      removed: [],
      created: [],
    });
    const table = await pw(['tags', 'list', '112']);
    expect(rows(table.stdout)).toEqual([
      ['64', 'copy', 'mint', ''],
      ['66', 'legacy-review', 'coral', ''],
    ]);
    const yaml = await pw(['tags', 'list', '107', '-o', 'yaml']);
    expect(yaml.stdout).toMatch(/^data:\n {2}- id: 62\n {4}name: design\n/);
    expect(yaml.stdout).toMatch(/\nadded: \[\]\nremoved: \[\]\ncreated: \[\]\n$/);
  });

  it('says so when a task has no tags; a client user may read them', async () => {
    const none = await pw(['tags', 'list', '109']);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe('task 109 has no tags\n');
    const client = await pw(['tags', 'list', '107', '-o', 'json'], { role: 'client' });
    expect(client.code).toBe(0);
    expect(JSON.parse(client.stdout).data).toHaveLength(2);
  });

  it('exit 3 for a task the caller cannot see', async () => {
    expect((await pw(['tags', 'list', '131'])).code).toBe(3);
  });
});

describe('tags add', () => {
  it('sends digits as JSON numbers and names as JSON strings; name: and id: force the reading', async () => {
    const r = await pw(['tags', 'add', '109', '61', 'design', 'name:2024', 'id:68', 'Fresh Idea', '-o', 'json']);
    expect(r.code).toBe(0);
    const [post] = sent('POST');
    expect(post!.body).toEqual({ tags: [61, 'design', '2024', 68, 'Fresh Idea'] });
    const change = JSON.parse(r.stdout) as {
      data: { id: number; name: string }[];
      added: unknown[];
      created: { name: string }[];
    };
    expect(change.data.map((t) => t.name)).toEqual(['urgent', 'design', '2024', 'blocked', 'Fresh Idea']);
    expect(change.added).toHaveLength(5);
    expect(change.created.map((t) => t.name)).toEqual(['Fresh Idea']);
    expect(tagIds(109)).toEqual(change.data.map((t) => t.id));
    expect(r.stderr).toBe('✓ task 109: 5 added (1 new)\n');
  });

  it('the table shows the tags after the change with + for added and + new for created', async () => {
    const r = await pw(['tags', 'add', '112', 'urgent', 'brand-new', 'copy']);
    expect(r.code).toBe(0);
    expect(rows(r.stdout)).toEqual([
      ['64', 'copy', 'mint', ''],
      ['66', 'legacy-review', 'coral', ''],
      ['61', 'urgent', 'mandarin', '+'],
      ['71', 'brand-new', 'steel', '+ new'],
    ]);
  });

  it('--no-create sends create_missing: false; an unknown name is told in our words', async () => {
    const r = await pw(['tags', 'add', '109', 'urgent', 'nothere', '--no-create']);
    expect(r.code).toBe(5);
    expect(sent('POST')[0]!.body).toEqual({ tags: ['urgent', 'nothere'], create_missing: false });
    expect(r.stderr).toBe(
      'error: POST /api/v1/steps/109/tags: 422 Unprocessable Content: unknown tag name with --no-create: "nothere"\n' +
        '  tag "nothere": no tag of the task\'s company has this name, and --no-create says not to create it\n',
    );
    expect(tagIds(109)).toEqual([]);
  });

  it("--no-create: the same words whatever the service's wording", async () => {
    const wording = 'Tag lookup failed and create_missing is false.';
    cli.sb.faults.add({
      method: 'POST',
      path: '/api/v1/steps/109/tags',
      action: { type: 'status', status: 422, body: { message: wording, errors: { 'tags.1': [wording] } } },
    });
    const r = await pw(['tags', 'add', '109', 'urgent', 'Nope Tag', '--no-create']);
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'error: POST /api/v1/steps/109/tags: 422 Unprocessable Content: unknown tag name with --no-create: "Nope Tag"\n' +
        '  tag "Nope Tag": no tag of the task\'s company has this name, and --no-create says not to create it\n',
    );
  });

  it("naming a retired-set tag gives the service's message, naming the tag", async () => {
    const r = await pw(['tags', 'add', '109', 'urgent', 'legacy-qa']);
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'error: POST /api/v1/steps/109/tags: 422 Unprocessable Content\n  tag "legacy-qa": The tag "legacy-qa" belongs to the retired tag set "Legacy (2023)" and cannot be added or removed.\n',
    );
    expect(tagIds(109)).toEqual([]);
  });

  it('splits more than 100 tags into requests of at most 100 and merges the answers', async () => {
    const names = Array.from({ length: 150 }, (_, i) => `bulk-${i + 1}`);
    const r = await pw(['tags', 'add', '109', ...names, '-o', 'json']);
    expect(r.code).toBe(0);
    const posts = sent('POST');
    expect(posts.map((p) => (p.body as { tags: unknown[] }).tags.length)).toEqual([100, 50]);
    expect([...(posts[0]!.body as { tags: string[] }).tags, ...(posts[1]!.body as { tags: string[] }).tags]).toEqual(
      names,
    );
    const change = JSON.parse(r.stdout) as { data: unknown[]; added: unknown[]; created: unknown[] };
    expect(change.data).toHaveLength(150);
    expect(change.added).toHaveLength(150);
    expect(change.created).toHaveLength(150);
    expect(tagIds(109)).toHaveLength(150);
  });

  it('repeats are sent once (names case-insensitively)', async () => {
    expect((await pw(['tags', 'add', '109', 'urgent', 'URGENT', '61', 'id:61', '-q'])).code).toBe(0);
    expect(sent('POST')[0]!.body).toEqual({ tags: ['urgent', 61] });
  });

  it('a client user cannot change tags (exit 4)', async () => {
    const r = await pw(['tags', 'add', '107', 'copy'], { role: 'client' });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe('error: POST /api/v1/steps/107/tags: 403 Forbidden: Only team members can change tags.\n');
    expect(tagIds(107)).toEqual([62, 61]);
  });

  it('rejects bad tag arguments before any request', async () => {
    expectUsageError(await pw(['tags', 'add', '109', 'id:abc']), /tag "id:abc": id:<n> must be a positive integer id/);
    expectUsageError(await pw(['tags', 'add', '109', 'name:']), /tag "name:": a tag name must not be empty/);
    expectUsageError(await pw(['tags', 'add', '109', '0']), /tag "0" must be a positive integer id/);
    expectUsageError(await pw(['tags', 'add', 'task', 'urgent']), /<step-id> must be a positive integer id/);
    const missing = await pw(['tags', 'add', '109']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('error: missing <tag...>; usage: pwctl tags add [options] <step-id> <tag...>\n');
  });

  it('--dry-run prints the request', async () => {
    const r = await pw(['tags', 'add', '109', '2024', 'name:2024', '--no-create', '--dry-run', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      dry_run: true,
      method: 'POST',
      path: '/api/v1/steps/109/tags',
      body: { tags: [2024, '2024'], create_missing: false },
    });
    expect(sent()).toEqual([]);
  });
});

describe('tags set', () => {
  it('replaces the tags; the table marks removed tags and the retired-set tag the service kept', async () => {
    const r = await pw(['tags', 'set', '112', 'design', '61']);
    expect(r.code).toBe(0);
    expect(sent('PUT')[0]!.body).toEqual({ tags: ['design', 61] });
    expect(rows(r.stdout)).toEqual([
      ['66', 'legacy-review', 'coral', 'retired'],
      ['62', 'design', 'orchid', '+'],
      ['61', 'urgent', 'mandarin', '+'],
      ['64', 'copy', 'mint', '-'],
    ]);
    expect(tagIds(112)).toEqual([66, 62, 61]);
    expect(r.stderr).toBe(
      '✓ task 112: 2 added, 1 removed\n1 retired-set tag stayed on the task: the service never adds or removes them\n',
    );
  });

  it("--clear sends an empty list; json prints the service's answer as is", async () => {
    const r = await pw(['tags', 'set', '107', '--clear', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(sent('PUT')[0]!.body).toEqual({ tags: [] });
    expect(JSON.parse(r.stdout)).toEqual({
      data: [],
      added: [],
      removed: [
        { id: 62, name: 'design', color: 'orchid' },
        { id: 61, name: 'urgent', color: 'mandarin' },
      ],
      created: [],
    });
    expect(tagIds(107)).toEqual([]);
  });

  it('--no-create sends create_missing: false', async () => {
    const r = await pw(['tags', 'set', '107', 'backend', '--no-create', '-q']);
    expect(r.code).toBe(0);
    expect(sent('PUT')[0]!.body).toEqual({ tags: ['backend'], create_missing: false });
    expect(tagIds(107)).toEqual([63]);
  });

  it('more than 100 tags, --clear with tags, or neither, are usage errors', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `t${i}`);
    expectUsageError(await pw(['tags', 'set', '107', ...many]), /tags set takes at most 100 tags per request, got 101/);
    expectUsageError(
      await pw(['tags', 'set', '107', 'urgent', '--clear']),
      /^error: <tag> and --clear cannot be used together; choose one$/m,
    );
    expectUsageError(await pw(['tags', 'set', '107']), /^error: give exactly one of <tag> or --clear$/m);
    expect(tagIds(107)).toEqual([62, 61]);
  });

  it('a client user gets exit 4', async () => {
    expect((await pw(['tags', 'set', '107', '--clear'], { role: 'client' })).code).toBe(4);
    expect(tagIds(107)).toEqual([62, 61]);
  });
});

describe('tags remove', () => {
  it('removes tags by id, one request each, and marks them in the table', async () => {
    const r = await pw(['tags', 'remove', '107', '61', 'id:62']);
    expect(r.code).toBe(0);
    expect(sent('DELETE').map((d) => d.path)).toEqual(['/api/v1/steps/107/tags/61', '/api/v1/steps/107/tags/62']);
    expect(rows(r.stdout)).toEqual([
      ['61', 'urgent', 'mandarin', '-'],
      ['62', 'design', 'orchid', '-'],
    ]);
    expect(tagIds(107)).toEqual([]);
  });

  it("takes names too, found among the task's own tags (any case); a name it does not have removes nothing", async () => {
    const r = await pw(['tags', 'remove', '107', 'URGENT', 'no-such-tag']);
    expect(r.code).toBe(0);
    expect(sent('GET').map((d) => d.path)).toEqual(['/api/v1/steps/107/tags']);
    expect(sent('DELETE').map((d) => d.path)).toEqual(['/api/v1/steps/107/tags/61']);
    expect(r.stderr).toMatch(
      /task 107 has no tag "no-such-tag"; nothing to remove for it \(its tags: design, urgent\)/,
    );
    expect(tagIds(107)).toEqual([62]);
  });

  it("a retired-set tag cannot be removed (exit 5, the service's message)", async () => {
    const r = await pw(['tags', 'remove', '112', '66']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(
      /The tag "legacy-review" belongs to the retired tag set "Legacy \(2023\)" and cannot be added or removed\./,
    );
    expect(tagIds(112)).toEqual([64, 66]);
  });

  it('says what was already removed when a later id fails', async () => {
    const r = await pw(['tags', 'remove', '112', '64', '66']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^error: removed 64; then tag 66 failed: DELETE \/api\/v1\/steps\/112\/tags\/66: 422/);
    expect(tagIds(112)).toEqual([66]);
  });
});
