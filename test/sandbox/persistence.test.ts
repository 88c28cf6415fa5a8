// State persistence, reset, and the embedded sandbox behind --sandbox.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../helpers/sandbox.js';
import { resetEmbeddedSandbox, startEmbeddedSandbox } from '../../src/sandbox/embedded.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { api, call, type Reply } from './http.js';

const dir = mkdtempSync(join(tmpdir(), 'pwctl-sandbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('statePath', () => {
  it('keeps data and tokens across a restart, and ignores the seed option once a file exists', async () => {
    const statePath = join(dir, 'a', 'state.json');
    const first = await startTestSandbox({ statePath });
    const created = await api.post(first, '/steps', { title: 'Survives restarts', phase_id: 41 });
    const tokens = first.tokens;
    await first.close();
    expect(statSync(statePath).mode & 0o777).toBe(0o600);

    const second = await startTestSandbox({ statePath, seed: 'empty' });
    try {
      expect(second.tokens).toEqual(tokens);
      const r = await api.get(second, `/steps/${created.body.data.id}`);
      expect(r.status).toBe(200);
      expect(r.body.data.title).toBe('Survives restarts');
      expect(second.state.seed).toBe('demo');
    } finally {
      await second.close();
    }
  });

  it('refuses a corrupt state file with a message that says how to recover', async () => {
    const statePath = join(dir, 'corrupt.json');
    writeFileSync(statePath, '{not json');
    await expect(startSandbox({ statePath })).rejects.toThrow(/sandbox reset/);
  });
});

describe('reset', () => {
  it('restores seed data in place and keeps the tokens working', async () => {
    const sb = await startTestSandbox();
    try {
      const state = sb.state;
      await api.del(sb, '/steps/101');
      sb.reset('empty');
      expect(sb.state).toBe(state);
      expect(Object.keys(sb.state.steps)).toEqual([]);
      expect((await api.get(sb, '/steps')).body.data).toEqual([]);
      sb.reset('demo');
      expect((await api.get(sb, '/steps/101')).status).toBe(200);
    } finally {
      await sb.close();
    }
  });

  it('also works over the control API', async () => {
    const sb = await startTestSandbox({ controlApi: true });
    try {
      const r = await call(sb, 'POST', '/_sandbox/reset', { as: null, body: { seed: 'empty' } });
      expect(r.body).toEqual({ data: { seed: 'empty' } });
      expect(Object.keys(sb.state.documents)).toEqual([]);
      expect((await call(sb, 'POST', '/_sandbox/reset', { as: null, body: { seed: 'huge' } })).status).toBe(422);
    } finally {
      await sb.close();
    }
  });
});

describe('extraSteps', () => {
  it('adds open tasks that list completely at per_page=1000', async () => {
    const sb = await startTestSandbox({ extraSteps: 2500 });
    try {
      let url: string | null = `${sb.baseUrl}/api/v1/steps?per_page=1000&completed=false`;
      let count = 0;
      let pages = 0;
      while (url) {
        const r: Reply = await call(sb, 'GET', url);
        count += r.body.data.length;
        pages++;
        url = r.body.links.next;
      }
      const seededOpen = 19; // open live tasks of company 1 in the demo seed
      expect(count).toBe(2500 + seededOpen);
      expect(pages).toBe(3);
    } finally {
      await sb.close();
    }
  });
});

describe('embedded sandbox', () => {
  it('persists between runs, acts as the manager, and resets to the demo data keeping its token', async () => {
    const statePath = join(dir, 'embedded', 'sandbox.json');
    const run1 = await startEmbeddedSandbox({ statePath });
    const headers = { Authorization: `Bearer ${run1.token}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${run1.baseUrl}/api/v1/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: 'https://example.com/hook', event: 'task.created', company_id: 1 }),
    });
    expect(created.status).toBe(201); // manager-only
    const hook = (await created.json()) as { id: number };
    await run1.close();

    const run2 = await startEmbeddedSandbox({ statePath });
    expect(run2.token).toBe(run1.token);
    expect((await fetch(`${run2.baseUrl}/api/v1/webhooks/${hook.id}`, { headers })).status).toBe(200);
    await run2.close();

    await resetEmbeddedSandbox(statePath);
    const saved = JSON.parse(readFileSync(statePath, 'utf8'));
    expect(saved.webhooks[hook.id]).toBeUndefined();
    expect(saved.auth.role_tokens.manager).toBe(run1.token);
  });

  it('reset repairs a corrupt state file', async () => {
    const statePath = join(dir, 'broken', 'sandbox.json');
    await resetEmbeddedSandbox(statePath);
    writeFileSync(statePath, 'garbage');
    await resetEmbeddedSandbox(statePath);
    const run = await startEmbeddedSandbox({ statePath });
    try {
      expect(
        (await fetch(`${run.baseUrl}/api/v1/steps/101`, { headers: { Authorization: `Bearer ${run.token}` } })).status,
      ).toBe(200);
    } finally {
      await run.close();
    }
  });
});
