// Webhook subscriptions and signed deliveries to a real local receiver.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../helpers/sandbox.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { api, call } from './http.js';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  verified: boolean | null;
}

/** A receiver that verifies the Signature over the raw bytes, as the reference asks. */
class Receiver {
  readonly received: Received[] = [];
  readonly secrets = new Map<string, string>(); // path → secret
  status = 200;
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const secret = this.secrets.get(req.url ?? '');
        let verified: boolean | null = null;
        if (secret) {
          const expected = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'));
          const given = Buffer.from(String(req.headers.signature ?? ''));
          verified = given.length === expected.length && timingSafeEqual(given, expected);
        }
        this.received.push({ path: req.url ?? '', headers: req.headers, raw, verified });
        res.writeHead(this.status).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let sb: RunningSandbox;
const receiver = new Receiver();
let nextPath = 0;

beforeAll(async () => {
  sb = await startTestSandbox();
  await receiver.start();
});
beforeEach(() => sb.reset());
afterAll(async () => {
  await sb.close();
  await receiver.close();
});

/** Subscribe a fresh receiver path to an event; returns the path and the subscription. */
async function subscribe(event: string): Promise<{ path: string; hook: any }> {
  const path = `/hook-${++nextPath}`;
  const r = await api.post(sb, '/webhooks', { url: receiver.url + path, event, company_id: 1 });
  expect(r.status).toBe(201);
  receiver.secrets.set(path, r.body.secret);
  return { path, hook: r.body };
}

async function deliveredTo(path: string): Promise<any[]> {
  await sb.flushDeliveries();
  return receiver.at(path).map((r) => {
    expect(r.verified).toBe(true);
    return JSON.parse(r.raw.toString('utf8'));
  });
}

describe('subscriptions', () => {
  it('returns the secret only in the create response', async () => {
    const { hook } = await subscribe('task.created');
    expect(Object.keys(hook).sort()).toEqual([
      'active',
      'company_id',
      'created_at',
      'event',
      'id',
      'secret',
      'updated_at',
      'url',
    ]);
    expect(hook.active).toBe(true);
    expect(hook.secret).toMatch(/^[0-9a-f]{64}$/);
    const got = await api.get(sb, `/webhooks/${hook.id}`);
    expect(got.body).not.toHaveProperty('secret');
    expect(got.body).not.toHaveProperty('data');
    expect(got.body.company).toEqual({ id: 1, title: 'Northwind Studio' });
    const list = await api.get(sb, '/webhooks');
    expect(Object.keys(list.body)).toEqual(['data', 'next_page_url', 'prev_page_url']);
    expect(list.body.data.every((h: any) => !('secret' in h) && h.company.id === 1)).toBe(true);
  });

  it('paginates the list with next_page_url and prev_page_url', async () => {
    for (let i = 0; i < 3; i++) await subscribe('task.created');
    const first = await api.get(sb, '/webhooks?per_page=2');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.prev_page_url).toBeNull();
    expect(first.body.next_page_url).toBe(`${sb.baseUrl}/api/v1/webhooks?per_page=2&page=2`);
    const second = await call(sb, 'GET', first.body.next_page_url);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.next_page_url).toBeNull();
    expect(second.body.prev_page_url).toBe(`${sb.baseUrl}/api/v1/webhooks?per_page=2&page=1`);
  });

  it('hides other companies’ subscriptions (404) and their filter (403)', async () => {
    expect((await api.get(sb, '/webhooks/91')).status).toBe(404);
    expect((await api.put(sb, '/webhooks/91', { active: false })).status).toBe(404);
    expect((await api.get(sb, '/webhooks?company_id=2')).status).toBe(403);
    expect((await api.get(sb, '/webhooks')).body.data.map((h: any) => h.id)).not.toContain(91);
  });

  it('requires the manager role to create, update and delete, but any member may list', async () => {
    const { hook } = await subscribe('task.created');
    expect(
      (
        await api.post(
          sb,
          '/webhooks',
          { url: 'https://x.example/h', event: 'task.created', company_id: 1 },
          { as: 'member' },
        )
      ).status,
    ).toBe(403);
    expect((await api.put(sb, `/webhooks/${hook.id}`, { active: false }, { as: 'member' })).status).toBe(403);
    expect((await api.del(sb, `/webhooks/${hook.id}`, { as: 'member' })).status).toBe(403);
    expect((await api.get(sb, '/webhooks', { as: 'member' })).body.data).toHaveLength(1);
    expect(
      (
        await api.post(
          sb,
          '/webhooks',
          { url: 'https://x.example/h', event: 'task.created', company_id: 1 },
          { as: 'client' },
        )
      ).status,
    ).toBe(403);
    expect(
      (await api.post(sb, '/webhooks', { url: 'https://x.example/h', event: 'task.created', company_id: 2 })).status,
    ).toBe(403);
  });

  it.each([
    ['an unknown event type', { url: 'https://x.example/h', event: 'task.deleted', company_id: 1 }, ['event']],
    ['a URL that is not http(s)', { url: 'not a url', event: 'task.created', company_id: 1 }, ['url']],
    ['missing fields', {}, ['company_id', 'event', 'url']],
    ['company_id as a string', { url: 'https://x.example/h', event: 'task.created', company_id: '1' }, ['company_id']],
  ])('rejects %s with 422', async (_, body, fields) => {
    const r = await api.post(sb, '/webhooks', body);
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(fields);
  });

  it('changes only url and active, then deletes with 204', async () => {
    const { hook } = await subscribe('task.created');
    const paused = await api.put(sb, `/webhooks/${hook.id}`, { active: false, url: 'https://new.example/h' });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id: hook.id, active: false, url: 'https://new.example/h' });
    expect(paused.body).not.toHaveProperty('secret');
    const fixed = await api.put(sb, `/webhooks/${hook.id}`, { event: 'task.completed' });
    expect(fixed.status).toBe(422);
    expect(fixed.body.errors.event).toBeDefined();
    const badActive = await api.put(sb, `/webhooks/${hook.id}`, { active: 'false' });
    expect(badActive.body.errors.active).toBeDefined();
    expect((await api.del(sb, `/webhooks/${hook.id}`)).status).toBe(204);
    expect((await api.get(sb, `/webhooks/${hook.id}`)).status).toBe(404);
  });
});

describe('deliveries', () => {
  it('POSTs a task.completed payload signed over the exact raw bytes', async () => {
    const { path, hook } = await subscribe('task.completed');
    await api.put(sb, '/steps/103', { completed: true });
    const [payload, ...rest] = await deliveredTo(path);
    expect(rest).toEqual([]);
    const req = receiver.at(path)[0]!;
    expect(req.headers['content-type']).toBe('application/json');
    expect(payload).toMatchObject({
      id: 103,
      completed: true,
      approval_status: null,
      phase: { id: 41, title: 'Discovery', is_internal: false },
      project: { id: 31 },
      client: { id: 11 },
      company: { id: 1 },
      assignees: [{ id: 2, name: 'Sam Rivera' }],
    });
    expect(payload.completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const logged = sb.deliveries.at(-1)!;
    expect(logged.subscription_id).toBe(hook.id);
    expect(logged).toMatchObject({ event: 'task.completed', status: 200, error: null, body: req.raw.toString('utf8') });
  });

  it('carries the approval verdict in task.completed', async () => {
    const { path } = await subscribe('task.completed');
    await api.put(sb, '/steps/108', { completed: true, approval_status: 'not_approved' });
    const [payload] = await deliveredTo(path);
    expect(payload).toMatchObject({ id: 108, is_approval: true, approval_status: 'not_approved' });
  });

  it('sends nothing to a paused subscription', async () => {
    const active = await subscribe('task.created');
    const paused = await subscribe('task.created');
    await api.put(sb, `/webhooks/${paused.hook.id}`, { active: false });
    const mark = sb.deliveries.length;
    await api.post(sb, '/steps', { title: 'New', phase_id: 41 });
    expect(await deliveredTo(active.path)).toHaveLength(1);
    expect(receiver.at(paused.path)).toEqual([]);
    expect(sb.deliveries.slice(mark).map((d) => d.subscription_id)).toEqual([active.hook.id]);
  });

  it('fires task.created and task.due_date_updated with the documented extras', async () => {
    const created = await subscribe('task.created');
    const due = await subscribe('task.due_date_updated');
    const r = await api.post(sb, '/steps', { title: 'Launch plan', phase_id: 43, due_date: '2025-04-01' });
    await api.put(sb, `/steps/${r.body.data.id}`, { due_date: '2025-04-15' });
    await api.put(sb, `/steps/${r.body.data.id}`, { due_date: '2025-04-15' }); // unchanged: no event
    const [task] = await deliveredTo(created.path);
    expect(task).toMatchObject({
      id: r.body.data.id,
      title: 'Launch plan',
      due_date: '2025-04-01T00:00:00.000000Z',
      phase: { is_internal: true },
      assignees: [],
    });
    const dueEvents = await deliveredTo(due.path);
    expect(dueEvents).toHaveLength(1);
    expect(dueEvents[0]).toMatchObject({
      due_date: '2025-04-15T00:00:00.000000Z',
      previous_due_date: '2025-04-01T00:00:00.000000Z',
    });
    expect(dueEvents[0].due_date_updated_at).toMatch(/Z$/);
  });

  it('fires task.tags_updated with tags, added_tags and removed_tags', async () => {
    const { path } = await subscribe('task.tags_updated');
    await api.put(sb, '/steps/112/tags', { tags: ['urgent'] });
    await api.post(sb, '/steps/112/tags', { tags: ['urgent'] }); // no change: no event
    const events = await deliveredTo(path);
    expect(events).toHaveLength(1);
    expect(events[0].tags.map((t: any) => t.id)).toEqual([66, 61]);
    expect(events[0].added_tags).toEqual([{ id: 61, name: 'urgent', color: 'mandarin' }]);
    expect(events[0].removed_tags).toEqual([{ id: 64, name: 'copy', color: 'mint' }]);
  });

  it('fires milestone.created and milestone.updated with the milestone payload', async () => {
    const created = await subscribe('milestone.created');
    const updated = await subscribe('milestone.updated');
    const r = await api.post(sb, '/milestones', { title: 'Beta', due_date: '2025-04-15', project_id: 31 });
    await api.put(sb, `/milestones/${r.body.data.id}`, { title: 'Beta 2' });
    const [m] = await deliveredTo(created.path);
    expect(m).toMatchObject({
      id: r.body.data.id,
      title: 'Beta',
      is_completed: false,
      milestoneable_type: 'Project',
      milestoneable_id: 31,
      company: { id: 1 },
    });
    expect((await deliveredTo(updated.path))[0].title).toBe('Beta 2');
  });

  it('fires project.created (never for a template) and phase.updated through the sandbox helpers', async () => {
    const projects = await subscribe('project.created');
    const phases = await subscribe('phase.updated');
    const project = sb.createProject({ title: 'Acme App', client_id: 11 });
    sb.createProject({ title: 'Another template', client_id: 11, is_template: true });
    sb.updatePhase(47, { title: 'Template phase renamed' }); // template phases fire too
    const events = await deliveredTo(projects.path);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: project.id,
      title: 'Acme App',
      client_project_type: 'process',
      internal_project_type: 'todos',
      client: { id: 11 },
      company: { id: 1 },
    });
    const [phase] = await deliveredTo(phases.path);
    expect(phase).toMatchObject({
      id: 47,
      title: 'Template phase renamed',
      is_internal: true,
      order: 2,
      project: { id: 33 },
    });
  });

  it('logs what the receiver answered and makes the log visible to team tokens only', async () => {
    const { path, hook } = await subscribe('task.created');
    const mark = sb.deliveries.length; // ids restart after reset(); the log does not
    receiver.status = 500;
    await api.post(sb, '/steps', { title: 'x', phase_id: 41 });
    await deliveredTo(path);
    receiver.status = 200;
    const log = await api.get(sb, '/_sandbox/deliveries', { as: 'member' });
    expect(log.status).toBe(200);
    const mine = log.body.data.slice(mark).filter((d: any) => d.subscription_id === hook.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].status).toBe(500);
    expect((await api.get(sb, '/_sandbox/deliveries', { as: 'client' })).status).toBe(403);
    expect((await api.get(sb, '/_sandbox/deliveries', { as: null })).status).toBe(401);
  });

  it('records an unreachable endpoint as an error', async () => {
    const mark = sb.deliveries.length;
    await api.post(sb, '/webhooks', { url: 'http://127.0.0.1:1/nothing', event: 'task.created', company_id: 1 });
    await api.post(sb, '/steps', { title: 'x', phase_id: 41 });
    await sb.flushDeliveries();
    const [entry, ...rest] = sb.deliveries.slice(mark);
    expect(rest).toEqual([]);
    expect(entry!.url).toBe('http://127.0.0.1:1/nothing');
    expect(entry!.status).toBeNull();
    expect(entry!.error).toBeTruthy();
  });

  it('redelivers an earlier delivery byte for byte', async () => {
    const { path } = await subscribe('task.created');
    await api.post(sb, '/steps', { title: 'x', phase_id: 41 });
    await sb.flushDeliveries();
    const first = sb.deliveries.at(-1)!;
    const again = await sb.redeliver(first.id);
    expect(again.id).not.toBe(first.id);
    const [a, b] = receiver.at(path);
    expect(b!.raw.equals(a!.raw)).toBe(true);
    expect(b!.headers.signature).toBe(a!.headers.signature);
  });
});
