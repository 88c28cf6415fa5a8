// The reference leaves the success status and body of PUT and DELETE document unshown; pwctl
// must cope with any of them. A scripted server answers in the shapes the sandbox does not.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

const UUID = '3f2b8c1e-5d4a-4f7b-9c2e-1a6d8e0f4b21';
const PATH = `/api/v1/documents/${UUID}`;
const DOC = {
  id: 7,
  uuid: UUID,
  title: 'Renamed',
  excerpt: '',
  is_internal: true,
  edit_access: 'team',
  author: { id: 1, name: 'A' },
  project: null,
  client: null,
  company: { id: 1, title: 'C' },
  created_at: '2025-01-01T00:00:00.000000Z',
  updated_at: '2025-01-02T00:00:00.000000Z',
};

let server: StubServer;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startStubServer();
  env = { PWCTL_BASE_URL: server.url, PWCTL_TOKEN: 'stub-token' };
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('docs update / delete over any success response', () => {
  it('reads the document back when PUT answers 204 with no body', async () => {
    server.on(`PUT ${PATH}`, { status: 204 });
    server.on(`GET ${PATH}`, { status: 200, body: { data: DOC } });
    const r = await runInProcess(['docs', 'update', UUID, '--title', 'Renamed', '-o', 'json'], { env });
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.method)).toEqual(['PUT', 'GET']);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ title: 'Renamed' });
    expect(JSON.parse(r.stdout)).toEqual(DOC);
  });

  it('reads the document back when PUT answers 200 with something other than the document', async () => {
    server.on(`PUT ${PATH}`, { status: 200, body: { message: 'Document updated.' } });
    server.on(`GET ${PATH}`, { status: 200, body: { data: DOC } });
    const r = await runInProcess(['docs', 'update', UUID, '--internal', '-o', 'json'], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).title).toBe('Renamed');
  });

  it('treats any 2xx answer to DELETE as done', async () => {
    server.on(`DELETE ${PATH}`, { status: 200, body: { message: 'Deleted.' } });
    const r = await runInProcess(['docs', 'delete', UUID, '--yes', '-o', 'json'], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ id: UUID, ok: true, data: null }]);
  });
});
