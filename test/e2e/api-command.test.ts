// `pwctl api` as a gh user expects it: -f strings, -F typed values and @file, -i for the
// status line and headers, --silent, and error bodies printed as received with the
// contract's exit code. A scripted server gives exact answers.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeConfigDir, runInProcess } from '../helpers/cli.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

let server: StubServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startStubServer();
  env = { PWCTL_BASE_URL: server.url, PWCTL_TOKEN: 'api-test-token-3c4d5e6f' };
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const INVALID = '{"message":"The given data was invalid.","errors":{"due_date":["The due date is not a valid date."]}}';

describe('error responses', () => {
  it('a 422 prints the body as received on stdout and exits 5 with the error lines on stderr', async () => {
    server.on('PUT /api/v1/steps/1', { status: 422, raw: INVALID });
    const r = await runInProcess(['api', '-X', 'PUT', '/steps/1', '-f', 'due_date=soon'], { env });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe(`${INVALID}\n`);
    expect(r.stderr).toBe(
      'error: PUT /api/v1/steps/1: 422 Unprocessable Content: The given data was invalid.\n  due_date: The due date is not a valid date.\n',
    );
  });

  it('a 404 exits 3 with its body; -i shows the status line and headers of the error too', async () => {
    server.on('GET /api/v1/steps/999', { status: 404, body: { message: 'Task not found.' } });
    const r = await runInProcess(['api', '-i', '/steps/999'], { env });
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(
      /^HTTP\/1\.1 404 Not Found\n(.+\n)*Content-Type: application\/json\n(.+\n)*\n\{"message":"Task not found\."\}\n$/,
    );
  });

  it('--silent prints no body, even of an error', async () => {
    server.on('PUT /api/v1/steps/1', { status: 422, raw: INVALID });
    const r = await runInProcess(['api', '--silent', '-X', 'PUT', '/steps/1', '-F', 'due_date=null'], { env });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: PUT \/api\/v1\/steps\/1: 422/);
  });
});

describe('-f/--raw-field strings and -F/--field typed values, as gh reads them', () => {
  it('numbers, booleans, null and JSON are typed by -F, kept as strings by -f; other -F text is a string', async () => {
    server.on('POST /api/v1/steps', { status: 201, body: { data: { id: 9 } } });
    const r = await runInProcess(
      [
        'api',
        '/steps',
        '-f',
        'phase_id=12',
        '-F',
        'order=3',
        '-F',
        'completed=true',
        '--field',
        'due_date=null',
        '-F',
        'tags=[1,"x"]',
        '-F',
        'title=Draft the brief',
        '--raw-field',
        'published=false',
      ],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      phase_id: '12',
      order: 3,
      completed: true,
      due_date: null,
      tags: [1, 'x'],
      title: 'Draft the brief',
      published: 'false',
    });
  });

  it("-F key=@file sends the file's text, -F key=@- standard input", async () => {
    const dir = makeConfigDir();
    const file = join(dir, 'brief.md');
    writeFileSync(file, '# Brief\n\n42\n');
    server.on('PUT /api/v1/steps/4', { status: 200, body: { data: { id: 4 } } });
    expect((await runInProcess(['api', '-X', 'PUT', '/steps/4', '-F', `content=@${file}`], { env })).code).toBe(0);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ content: '# Brief\n\n42\n' });
    expect(
      (await runInProcess(['api', '-X', 'PUT', '/steps/4', '-F', 'content=@-'], { env, stdin: 'true' })).code,
    ).toBe(0);
    expect(JSON.parse(server.requests[1]!.body)).toEqual({ content: 'true' });
  });

  it('on a GET both go to the query string (parameters alone make it a POST, as in gh)', async () => {
    server.on('GET /api/v1/steps', { status: 200, body: { data: [] } });
    expect(
      (await runInProcess(['api', '-X', 'GET', '/steps', '-F', 'per_page=5', '-f', 'completed=false'], { env })).code,
    ).toBe(0);
    const url = new URL(server.requests[0]!.url, server.url);
    expect(url.pathname).toBe('/api/v1/steps');
    expect(Object.fromEntries(url.searchParams)).toEqual({ per_page: '5', completed: 'false' });
  });
});

describe('-i and --silent on success', () => {
  it('-i prints the status line and headers, a blank line, then the body', async () => {
    server.on('GET /api/v1/projects/31', {
      status: 200,
      headers: { 'x-ratelimit-remaining': '59' },
      body: { data: { id: 31 } },
    });
    const r = await runInProcess(['api', '--include', '/api/v1/projects/31'], { env });
    expect(r.code).toBe(0);
    const [head, body] = r.stdout.split('\n\n');
    expect(head!.split('\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head).toContain('\nX-Ratelimit-Remaining: 59');
    expect(JSON.parse(body!)).toEqual({ data: { id: 31 } });
  });

  it('--silent prints nothing and exits 0', async () => {
    server.on('GET /api/v1/projects/31', { status: 200, body: { data: { id: 31 } } });
    const r = await runInProcess(['api', '/api/v1/projects/31', '--silent'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
  });
});
