// `restore <dir>` end to end against the sandbox: an export, records deleted and changed
// since, the plan (--dry-run), the restore itself (every field back, new ids, tags by name,
// completion and verdict, order within the phase), a second run that creates nothing,
// --overwrite, another service through --map, and the checks made before any request.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox, StepRecord } from '../../src/sandbox/index.js';
import { makeConfigDir, runInProcess } from '../helpers/cli.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;
const uuid = (id: number) => `5eed0000-0000-4000-8000-${String(id).padStart(12, '0')}`;

let dir: string;
let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'pwctl-restore-'));
  dir = join(work, 'backup');
});

/** A request straight to a sandbox, as its manager. */
async function api(sb: RunningSandbox, method: string, path: string, body?: unknown): Promise<any> {
  const send = () =>
    fetch(`${sb.baseUrl}/api/v1/${path}`, {
      method,
      headers: { Authorization: `Bearer ${sb.tokens.manager}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  // fetch reuses a kept-alive connection the sandbox may be closing for idleness at that very
  // moment (ECONNRESET before anything was read): that request never reached it, so send it again.
  const response = await send().catch((error) =>
    error?.cause?.code === 'ECONNRESET' ? send() : Promise.reject(error),
  );
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

const exported = (name: string) =>
  readFileSync(join(dir, `${name}.ndjson`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);
const writes = () => cli.sent('/api/v1/').filter((e) => e.method !== 'GET');
const tagNames = (sb: RunningSandbox, step: StepRecord) => step.tag_ids.map((id) => sb.state.tags[id]!.name).sort();
/** The phase's tasks in their order on the service, by title. */
const phaseTitles = (sb: RunningSandbox, phase: number) =>
  Object.values(sb.state.steps)
    .filter((s) => s.phase_id === phase)
    .sort((a, b) => a.order - b.order)
    .map((s) => s.title);

const DELETED_STEPS = [105, 107, 111, 113, 122];
const DELETED_MILESTONES = [71, 72, 73];
const DELETED_DOCUMENTS = [81, 83];

describe('restore', () => {
  it('puts back what was deleted, with every field, and a second run creates nothing', async () => {
    const hook = await api(cli.sb, 'POST', 'webhooks', {
      url: 'https://hooks.example.com/pw',
      event: 'task.completed',
      company_id: 1,
    });
    await api(cli.sb, 'PUT', `webhooks/${hook.id}`, { active: false });
    const configDir = makeConfigDir();
    expect((await pw(['export', dir, '-q'])).code).toBe(0);
    const orderBefore = [41, 42, 43, 44].map((phase) => phaseTitles(cli.sb, phase));
    const tagsBefore = Object.keys(cli.sb.state.tags).length;

    for (const id of DELETED_STEPS) await api(cli.sb, 'DELETE', `steps/${id}`);
    for (const id of DELETED_MILESTONES) await api(cli.sb, 'DELETE', `milestones/${id}`);
    for (const id of DELETED_DOCUMENTS) await api(cli.sb, 'DELETE', `documents/${uuid(id)}`);
    await api(cli.sb, 'DELETE', `webhooks/${hook.id}`);

    // The plan: exactly the deleted records as creates, everything else unchanged, nothing sent.
    cli.mark();
    const dry = await pw(['restore', dir, '--dry-run', '-o', 'json'], { configDir });
    expect(dry.code, dry.stderr).toBe(0);
    const plan = JSON.parse(dry.stdout) as {
      kind: string;
      id: number | string;
      action: string;
      title: string;
      parent: string;
    }[];
    const creates = plan
      .filter((p) => p.action === 'create')
      .map((p) => `${p.kind} ${p.id}`)
      .sort();
    expect(creates).toEqual(
      [
        ...DELETED_STEPS.map((id) => `steps ${id}`),
        ...DELETED_MILESTONES.map((id) => `milestones ${id}`),
        ...DELETED_DOCUMENTS.map((id) => `documents ${uuid(id)}`),
        `webhooks ${hook.id}`,
      ].sort(),
    );
    expect(plan.filter((p) => p.action !== 'create').every((p) => p.action === 'unchanged')).toBe(true);
    const counts = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).counts;
    expect(plan).toHaveLength(counts.documents + counts.steps + counts.milestones + counts.webhooks);
    expect(plan.find((p) => p.id === 107)).toMatchObject({
      kind: 'steps',
      title: 'Moodboard',
      parent: 'phase 42 "Design"',
    });
    expect(writes()).toEqual([]);

    // The restore (--yes: it creates a webhook subscription again, which is asked about).
    const results = join(work, 'results.ndjson');
    cli.mark();
    const r = await pw(['restore', dir, '--results', results, '--yes', '-o', 'json'], {
      configDir,
      allowSecrets: true,
    });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, any>[];
    expect(out).toHaveLength(plan.length);
    expect(Object.keys(out[0]!).slice(0, 6)).toEqual(['kind', 'id', 'ok', 'action', 'new_id', 'title']);
    const created = new Map(out.filter((x) => x.action === 'create').map((x) => [`${x.kind} ${x.id}`, x]));
    expect([...created.keys()].sort()).toEqual(creates);
    expect([...created.values()].every((x) => x.ok && x.new_id !== null && x.new_id !== x.id)).toBe(true);

    // Tasks: every field back, tags by name (never a new tag), completion and verdict, order within the phase.
    for (const old of exported('steps').filter((s) => DELETED_STEPS.includes(s.id))) {
      const step = cli.sb.state.steps[created.get(`steps ${old.id}`)!.new_id]!;
      expect({
        title: step.title,
        phase: step.phase_id,
        content: step.content,
        due: step.due_date ?? '',
        published: step.published,
        approval: step.is_approval,
        completed: step.completed,
        verdict: step.approval_status,
      }).toEqual({
        title: old.title,
        phase: old.phase.id,
        content: old.content,
        due: old.due_date.slice(0, 10),
        published: old.published,
        approval: old.is_approval,
        completed: old.completed,
        verdict: old.approval_status,
      });
      expect(tagNames(cli.sb, step)).toEqual(old.tags.map((t: { name: string }) => t.name).sort());
    }
    expect(cli.sb.state.steps[created.get('steps 111')!.new_id]!.approval_status).toBe('not_approved');
    expect(tagNames(cli.sb, cli.sb.state.steps[created.get('steps 122')!.new_id]!)).toEqual(['2024']);
    expect(Object.keys(cli.sb.state.tags)).toHaveLength(tagsBefore);
    expect([41, 42, 43, 44].map((phase) => phaseTitles(cli.sb, phase))).toEqual(orderBefore);

    for (const old of exported('milestones').filter((m) => DELETED_MILESTONES.includes(m.id))) {
      const m = cli.sb.state.milestones[created.get(`milestones ${old.id}`)!.new_id]!;
      expect([m.title, m.due_date, m.description, m.color, m.project_id]).toEqual([
        old.title,
        old.due_date.slice(0, 10),
        old.description,
        old.color,
        old.project.id,
      ]);
    }
    for (const old of exported('documents').filter((d) => DELETED_DOCUMENTS.map(uuid).includes(d.uuid))) {
      const doc = cli.sb.state.documents[created.get(`documents ${old.uuid}`)!.new_id]!;
      expect([
        doc.title,
        doc.content,
        doc.is_internal,
        doc.edit_access,
        doc.project_id,
        doc.client_id,
        doc.company_id,
      ]).toEqual([
        old.title,
        old.content,
        old.is_internal,
        old.edit_access,
        old.project?.id ?? null,
        old.client?.id ?? null,
        old.company.id,
      ]);
    }
    const restoredHook = created.get(`webhooks ${hook.id}`)!;
    const newHook = cli.sb.state.webhooks[restoredHook.new_id]!;
    expect([newHook.url, newHook.event, newHook.company_id, newHook.active]).toEqual([hook.url, hook.event, 1, false]);
    // The new secret: shown once in the result, stored as `webhooks create` stores it, never in the results file.
    expect(restoredHook.data.secret).toBe(newHook.secret);
    const stored = readFileSync(join(configDir, 'config.json'), 'utf8');
    expect(JSON.parse(stored).profiles.default.webhook_secrets[cli.sb.baseUrl][String(newHook.id)].secret).toBe(
      newHook.secret,
    );
    expect(readFileSync(results, 'utf8')).not.toContain(newHook.secret);

    // One create per record, and the other requests only where they were needed.
    const sent = writes().map(
      (e) => `${e.method} ${e.path.replace(/\/[0-9a-f-]{36}$/, '/<uuid>').replace(/\d+/g, 'N')}`,
    );
    const count = (what: string) => sent.filter((s) => s === what).length;
    expect(count('POST /api/vN/steps')).toBe(5);
    expect(count('POST /api/vN/milestones')).toBe(3);
    expect(count('POST /api/vN/documents')).toBe(2);
    expect(count('POST /api/vN/webhooks')).toBe(1);
    expect(count('POST /api/vN/steps/N/tags')).toBe(4); // 105, 107, 113, 122 have tags; 111 has none
    expect(count('PUT /api/vN/steps/N')).toBe(1); // 111: completed with the verdict "not approved"
    expect(count('POST /api/vN/steps/N/reorder')).toBe(4); // 105, 107, 111, 113 had tasks after them; 122 was last
    expect(count('PUT /api/vN/documents/<uuid>')).toBe(1); // 83's edit access (collaborative)
    expect(count('PUT /api/vN/webhooks/N')).toBe(1); // paused, as exported
    expect(sent).toHaveLength(5 + 3 + 2 + 1 + 4 + 1 + 4 + 1 + 1);
    // Tags go by name (the string "2024", never the number); a request whose names the service is
    // seen to have says create_missing: false, and one with a name no task shows may create it.
    const tagBodies = new Map(
      writes()
        .filter((e) => /^\/api\/v1\/steps\/\d+\/tags$/.test(e.path))
        .map((e) => [Number(e.path.split('/')[4]), e.body]),
    );
    expect(tagBodies.get(created.get('steps 113')!.new_id)).toEqual({ tags: ['backend'], create_missing: false });
    expect(tagBodies.get(created.get('steps 122')!.new_id)).toEqual({ tags: ['2024'] });
    const log = readFileSync(results, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(
      log
        .filter((l) => 'new_id' in l && !l.pending)
        .map((l) => `${l.kind} ${l.old_id}`)
        .sort(),
    ).toEqual(creates);

    // A second run, with the results file and without it, creates nothing.
    for (const again of [['--results', results], []]) {
      cli.mark();
      const second = await pw(['restore', dir, ...again, '-o', 'json'], { configDir });
      expect(second.code, second.stderr).toBe(0);
      const actions = (JSON.parse(second.stdout) as { action: string }[]).map((x) => x.action);
      expect(actions.every((a) => a === 'unchanged')).toBe(true);
      expect(writes()).toEqual([]);
    }
  });

  it('reads each list once, in pages of 1000', async () => {
    await api(cli.sb, 'POST', 'webhooks', {
      url: 'https://hooks.example.com/pw',
      event: 'task.created',
      company_id: 1,
    });
    expect((await pw(['export', dir, '-q'])).code).toBe(0);
    cli.mark();
    const r = await pw(['restore', dir, '-q']);
    expect(r.code, r.stderr).toBe(0);
    const gets = cli.sent('/api/v1/').map((e) => `${e.method} ${e.path} ${new URLSearchParams(e.query).toString()}`);
    expect(gets.sort()).toEqual(
      [
        'GET /api/v1/documents include=content&per_page=1000',
        'GET /api/v1/milestones per_page=1000',
        'GET /api/v1/steps include=content%2Ctags&per_page=1000',
        'GET /api/v1/webhooks per_page=1000',
      ].sort(),
    );
  });

  it('reports a record changed since the export, and --overwrite puts the exported fields back', async () => {
    expect((await pw(['export', dir, '-q'])).code).toBe(0);
    const brief = exported('documents').find((d) => d.uuid === uuid(82))!;
    await api(cli.sb, 'PUT', `documents/${uuid(82)}`, { content: 'Estimate: 60 days.', edit_access: 'private' });
    // An attachment added since is kept by the service on any content update: sending the export would not remove it.
    const handbook = exported('documents').find((d) => d.uuid === uuid(84))!;
    await api(cli.sb, 'PUT', `documents/${uuid(84)}`, {
      content: `${handbook.content}\n\n[[attachment:new-policy.pdf]]`,
    });
    await api(cli.sb, 'PUT', 'steps/108', { title: 'Approve the homepage', due_date: null });

    cli.mark();
    const r = await pw(['restore', dir, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, any>[];
    expect(out.filter((x) => x.action !== 'unchanged').map((x) => [x.kind, x.id, x.action, x.data.changed])).toEqual([
      ['documents', uuid(82), 'changed', ['content', 'edit_access']],
      ['steps', 108, 'changed', ['title', 'due_date']],
    ]);
    expect(writes()).toEqual([]);
    expect(r.stderr).toContain('2 changed since the export (left as they are; --overwrite puts the export back)');

    cli.mark();
    const o = await pw(['restore', dir, '--overwrite', '-o', 'json']);
    expect(o.code, o.stderr).toBe(0);
    expect(writes().map((e) => [e.method, e.path, e.body])).toEqual([
      ['PUT', `/api/v1/documents/${uuid(82)}`, { content: brief.content, edit_access: 'team' }],
      ['PUT', '/api/v1/steps/108', { title: 'Approve homepage design', due_date: '2025-03-10' }],
    ]);
    expect(cli.sb.state.documents[uuid(82)]!.content).toBe(brief.content);
    expect(cli.sb.state.documents[uuid(84)]!.content).toContain('[[attachment:new-policy.pdf]]');
    expect((JSON.parse(o.stdout) as { action: string }[]).filter((x) => x.action === 'overwrite')).toHaveLength(2);
  });

  it('restores a task whose tags include a retired set’s, without that tag, and says so', async () => {
    expect((await pw(['export', dir, '-q'])).code).toBe(0);
    await api(cli.sb, 'DELETE', 'steps/112'); // Homepage copy: copy, and legacy-review of the retired set
    const r = await pw(['restore', dir, '--only', 'steps', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, any>[];
    expect(new Set(out.map((x) => x.kind))).toEqual(new Set(['steps']));
    const result = out.find((x) => x.id === 112)!;
    expect(result).toMatchObject({ ok: true, action: 'create' });
    expect(result.data.note).toMatch(/^the service would not put back tag "legacy-review" \(.*retired/);
    expect(tagNames(cli.sb, cli.sb.state.steps[result.new_id]!)).toEqual(['copy']);
  });

  it('says, by name, which assignees it could not put back: the API has no way to set them', async () => {
    expect((await pw(['export', dir, '-q'])).code).toBe(0);
    const kickoff = exported('steps').find((s) => s.title === 'Kickoff call with Acme')!;
    const sitemap = exported('steps').find((s) => s.title === 'Sitemap draft')!;
    expect(kickoff.assignees).toEqual([{ id: 1, name: 'Maya Patel' }]);
    expect(sitemap.assignees).toEqual([]);
    await api(cli.sb, 'DELETE', `steps/${kickoff.id}`);
    await api(cli.sb, 'DELETE', `steps/${sitemap.id}`);
    const r = await pw(['restore', dir, '--only', 'steps', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, any>[];
    const restored = out.find((x) => x.id === kickoff.id)!;
    expect(restored).toMatchObject({ ok: true, action: 'create' });
    expect(restored.data.note).toBe("assignee not put back: Maya Patel (the API cannot set a task's assignees)");
    expect(cli.sb.state.steps[restored.new_id]!.assignee_ids).toEqual([]);
    expect(out.find((x) => x.id === sitemap.id)!.data.note).toBeUndefined();
    // The table says it in the row's detail.
    await api(cli.sb, 'DELETE', `steps/${restored.new_id}`);
    const table = await pw(['restore', dir, '--only', 'steps'], { env: { COLUMNS: '300' } });
    expect(table.stdout).toMatch(/\tKickoff call with Acme\t.*assignee not put back: Maya Patel/);
  });

  it('cannot place the tasks of a phase the service no longer shows, until --map vouches for it', async () => {
    expect((await pw(['export', dir, '-q'])).code).toBe(0);
    // Phase 45 (Production) loses all its tasks: the API shows a phase only through its tasks.
    const production = exported('steps')
      .filter((s) => s.phase.id === 45)
      .map((s) => s.id);
    for (const id of production) await api(cli.sb, 'DELETE', `steps/${id}`);
    cli.mark();
    const r = await pw(['restore', dir, '--only', 'steps', '-o', 'json']);
    expect(r.code).toBe(8);
    const out = JSON.parse(r.stdout) as Record<string, any>[];
    expect(out.filter((x) => x.action === 'unplaceable').map((x) => x.id)).toEqual(production);
    expect(out.find((x) => x.id === production[0])!.error).toBe(
      'phase 45 "Production" is not on the service (no task you can see is in it, and a phase shows only through its tasks); if it still exists, place records there with --map {"phases":{"45":45}}',
    );
    expect(writes()).toEqual([]);

    const map = join(work, 'map.json');
    writeFileSync(map, '{"phases": {"45": 45}}');
    const mapped = await pw(['restore', dir, '--only', 'steps', '--map', map, '-o', 'json']);
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(phaseTitles(cli.sb, 45)).toEqual(
      exported('steps')
        .filter((s) => s.phase.id === 45)
        .map((s) => s.title),
    );
  });

  it('knows the embedded sandbox as the same service from one run to the next, though its URL changes', async () => {
    const configDir = makeConfigDir();
    const sandbox = (args: string[]) => runInProcess(['--sandbox', ...args], { configDir });
    expect((await sandbox(['export', dir, '-q'])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))).toEqual(
      expect.objectContaining({ base_url: 'sandbox', service: 'sandbox' }),
    );
    expect((await sandbox(['steps', 'delete', '109', '--yes', '-q'])).code).toBe(0);
    const r = await sandbox(['restore', dir, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { id: number; action: string }[];
    expect(out.filter((x) => x.action !== 'unchanged')).toMatchObject([{ id: 109, action: 'create' }]);
  });

  it('is not offered to agents, even with --allow-writes', async () => {
    const session = await connectMcp({ flags: ['--allow-writes'], env: sandboxEnv(cli.sb) });
    try {
      const names = (await session.client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('steps_create');
      expect(names.filter((name) => /restore|export/.test(name))).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('refuses a directory that is not a complete export, before any request', async () => {
    expect((await pw(['export', dir, '-q'])).code).toBe(0);
    cli.mark();
    cli.expectUsageError(
      await pw(['restore', join(work, 'nowhere')]),
      /^error: <dir>: ".*nowhere" holds no manifest\.json/,
    );
    const steps = readFileSync(join(dir, 'steps.ndjson'), 'utf8');
    writeFileSync(join(dir, 'steps.ndjson'), steps.split('\n').slice(1).join('\n'));
    cli.expectUsageError(
      await pw(['restore', dir]),
      /^error: <dir>: steps\.ndjson holds 25 records, but manifest\.json says 26: the export is incomplete or was changed since$/,
    );
    writeFileSync(join(dir, 'steps.ndjson'), steps.replace('"phase":{', '"phase_":{'));
    cli.expectUsageError(
      await pw(['restore', dir, '--only', 'steps']),
      /^error: <dir>: steps\.ndjson line 1: phase must be an \{id, title\} object, got nothing$/,
    );
    writeFileSync(join(dir, 'steps.ndjson'), steps);
    const manifest = readFileSync(join(dir, 'manifest.json'), 'utf8');
    writeFileSync(join(dir, 'manifest.json'), manifest.replace('"milestones"', '"milestone"'));
    cli.expectUsageError(
      await pw(['restore', dir]),
      /^error: <dir>: manifest\.json is not an export manifest: counts\.milestones is not a count$/,
    );
    writeFileSync(join(dir, 'manifest.json'), manifest);
    cli.expectUsageError(
      await pw(['restore', dir, '--results', join(dir, 'steps.ndjson')]),
      /--results must name a file other than those of the export/,
    );
    cli.expectUsageError(
      await pw(['restore', dir, '--only', 'tasks']),
      /--only must be one of documents, steps, milestones, webhooks/,
    );
    writeFileSync(join(work, 'map.json'), '{"phases": {"41": "42"}}');
    cli.expectUsageError(
      await pw(['restore', dir, '--map', join(work, 'map.json')]),
      /^error: --map ".*map\.json": phases\.41 must be an id on the service restored into \(a JSON number\), got "42"$/,
    );
  });
});

describe('restore into another service', () => {
  let other: RunningSandbox;
  beforeAll(async () => {
    other = await startTestSandbox();
  });
  afterAll(() => other.close());
  beforeEach(() => other.reset('demo'));
  const otherWrites = (from: number) => other.requests.slice(from).filter((e) => e.method !== 'GET');

  it('places milestones and documents through --map of projects, clients and companies', async () => {
    expect((await pw(['export', dir, '-q'])).code).toBe(0);
    const milestones = exported('milestones');
    const documents = exported('documents');
    const idsOf = (records: Record<string, any>[], parent: string) =>
      [...new Set(records.map((r) => r[parent]?.id).filter((id) => typeof id === 'number'))] as number[];
    // Project 31's records go to project 32 on the target; every other parent to itself.
    const projects = Object.fromEntries(
      idsOf([...milestones, ...documents], 'project').map((id) => [id, id === 31 ? 32 : id]),
    );
    const clients = Object.fromEntries(
      idsOf(documents, 'client').map((id) => [id, id === 11 ? other.state.projects[32]!.client_id : id]),
    );
    const companies = Object.fromEntries(idsOf(documents, 'company').map((id) => [id, id]));
    const map = join(work, 'map.json');
    writeFileSync(map, JSON.stringify({ projects, clients, companies }));
    const before = {
      milestones: new Set(Object.keys(other.state.milestones)),
      documents: new Set(Object.keys(other.state.documents)),
    };
    const r = await runInProcess(['restore', dir, '--only', 'milestones,documents', '--map', map, '-o', 'json'], {
      env: sandboxEnv(other),
    });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Array<{
      kind: string;
      id: number | string;
      action: string;
      new_id: number | string;
    }>;
    const created = out.filter((x) => x.action === 'create');
    expect(milestones.some((m) => m.project.id === 31)).toBe(true);
    expect(documents.some((d) => d.project?.id === 31)).toBe(true);
    expect(created.filter((x) => x.kind === 'milestones')).toHaveLength(milestones.length);
    expect(created.filter((x) => x.kind === 'documents')).toHaveLength(documents.length);
    for (const result of created.filter((x) => x.kind === 'milestones')) {
      const old = milestones.find((m) => m.id === result.id)!;
      const made = other.state.milestones[result.new_id as number]!;
      expect(before.milestones.has(String(made.id))).toBe(false);
      expect([made.title, made.project_id]).toEqual([old.title, projects[old.project.id]]);
    }
    for (const result of created.filter((x) => x.kind === 'documents')) {
      const old = documents.find((d) => d.uuid === result.id)!;
      const made = Object.values(other.state.documents).find((d) => d.uuid === result.new_id)!;
      expect(made, `document ${result.new_id}`).toBeDefined();
      expect([made.title, made.project_id, made.client_id, made.company_id]).toEqual([
        old.title,
        old.project ? projects[old.project.id] : null,
        old.client ? clients[old.client.id] : null,
        companies[old.company.id],
      ]);
    }
  });

  it('places records through --map; an unmapped phase is unplaceable, with the target’s phases of that title, and nothing is sent for it', async () => {
    expect((await pw(['export', dir, '-q'])).code).toBe(0);
    const env = sandboxEnv(other);

    // Without a map, the export's ids would land on unrelated records: refused before any request.
    let from = other.requests.length;
    const refused = await runInProcess(['restore', dir], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^error: the export is of http:\/\/127\.0\.0\.1:\d+, not of http:\/\/127\.0\.0\.1:\d+: .*--map <file>/,
    );
    expect(other.requests.slice(from)).toEqual([]);

    // The target's phase 44 becomes the home of the export's phases 41 and 44; 42 (Design) is not mapped.
    const map = join(work, 'map.json');
    writeFileSync(map, JSON.stringify({ phases: { 41: 44, 43: 43, 44: 44, 45: 45 } }));
    const results = join(work, 'results.ndjson');
    from = other.requests.length;
    const stepsBefore = new Set(Object.keys(other.state.steps));
    const r = await runInProcess(
      ['restore', dir, '--only', 'steps', '--map', map, '--results', results, '-o', 'json'],
      { env },
    );
    expect(r.code).toBe(8);
    const out = JSON.parse(r.stdout) as Record<string, any>[];
    const designIds = exported('steps')
      .filter((s) => s.phase.id === 42)
      .map((s) => s.id);
    const unplaceable = out.filter((x) => x.action === 'unplaceable');
    expect(unplaceable.map((x) => x.id)).toEqual(designIds);
    expect(unplaceable[0]).toMatchObject({
      ok: false,
      status: null,
      error: 'phase 42 "Design" is not in --map (phases titled "Design" on this service: 42)',
    });
    expect(r.stderr).toMatch(/unplaceable: task 107 "Moodboard": phase 42 "Design" is not in --map/);
    const createdTitles = otherWrites(from)
      .filter((e) => e.method === 'POST' && e.path === '/api/v1/steps')
      .map((e) => (e.body as { title: string }).title);
    expect(
      createdTitles.some((t) =>
        exported('steps')
          .filter((s) => s.phase.id === 42)
          .some((s) => s.title === t),
      ),
    ).toBe(false);

    // The rest: new tasks in the mapped phases, with their fields and tags.
    const created = out.filter((x) => x.action === 'create');
    expect(created.every((x) => x.ok)).toBe(true);
    expect(created).toHaveLength(exported('steps').length - designIds.length);
    for (const result of created) {
      const old = exported('steps').find((s) => s.id === result.id)!;
      const step = other.state.steps[result.new_id]!;
      expect(stepsBefore.has(String(step.id))).toBe(false);
      expect([step.title, step.phase_id, step.content, step.completed, step.approval_status]).toEqual([
        old.title,
        { 41: 44, 43: 43, 44: 44, 45: 45 }[old.phase.id as 41],
        old.content,
        old.completed,
        old.approval_status,
      ]);
      expect(tagNames(other, step)).toEqual(
        old.tags
          .map((t: { name: string }) => t.name)
          .filter((n: string) => !n.startsWith('legacy-'))
          .sort(),
      );
    }

    // Repeated with the same results file (the map now complete): only the unplaced ones are created.
    writeFileSync(map, JSON.stringify({ phases: { 41: 44, 42: 42, 43: 43, 44: 44, 45: 45 } }));
    from = other.requests.length;
    const again = await runInProcess(
      ['restore', dir, '--only', 'steps', '--map', map, '--results', results, '-o', 'json'],
      { env },
    );
    expect(again.code, again.stderr).toBe(0);
    const secondCreates = otherWrites(from)
      .filter((e) => e.method === 'POST' && e.path === '/api/v1/steps')
      .map((e) => (e.body as { title: string }).title);
    expect(secondCreates.sort()).toEqual(
      exported('steps')
        .filter((s) => s.phase.id === 42)
        .map((s) => s.title)
        .sort(),
    );
  });
});
