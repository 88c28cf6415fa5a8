// A newline in the service's text never starts a line of its own on stderr (issue 34): a
// server cannot forge an `error:` line (or any other) through a notice, a retry notice, an
// error message, a --debug trace, a jq error or a --debug stack. Each message stays one line,
// its newlines and carriage returns shown as \n and ^M.
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_TOKEN, runInProcess, type CliResult } from '../helpers/cli.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';
import { STACK_FRAME } from './support.js';

const FORGED = 'x\nerror: forged\rerror: forged too\u0085error: nel\u2028error: ls';
const SHOWN = 'x\\nerror: forged^Merror: forged too\\x85error: nel\\u2028error: ls';

/** Every line of stderr that starts with `error:`. */
const errorLines = (r: CliResult) => r.stderr.split('\n').filter((line) => line.startsWith('error:'));
/** What a terminal would take for a line break besides the LF that ends each line: CR, NEL, LS, PS. */
const BREAKS = /[\r\u0085\u2028\u2029]/;

let server: StubServer;
/** Answers every request with a header whose value holds NEL (HTTP forbids CR and LF there; Node refuses them). */
let raw: Server;
let rawBase: string;
const task = { id: 5, title: FORGED, completed: false, phase: { id: 1, title: FORGED, is_internal: false } };

beforeAll(async () => {
  server = await startStubServer();
  // The id of what was created is in the notice: the service's text like any other.
  server.on('POST /api/v1/steps', { status: 201, body: { data: { ...task, id: `5${FORGED}` } } });
  server.on('GET /api/v1/steps/5', { status: 200, body: { data: task } });
  server.on('GET /api/v1/steps/6', { status: 503, body: { message: FORGED }, headers: { 'retry-after': '0' } });
  server.on('PUT /api/v1/steps/5', { status: 422, body: { message: FORGED, errors: { [`t${FORGED}`]: [FORGED] } } });
  server.on('GET /api/v1/steps/7', { status: 404, headers: { 'content-type': 'text/plain' }, raw: FORGED });

  const body = JSON.stringify({ data: task });
  raw = createTcpServer((socket) => {
    socket.once('data', () =>
      socket.end(
        Buffer.from(
          `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Note: one\u0085error: forged\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
          'latin1',
        ),
      ),
    );
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  rawBase = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => raw.close(() => resolve()));
});

const pw = (args: string[], base = server.url): Promise<CliResult> =>
  runInProcess(args, { env: { PWCTL_BASE_URL: base, PWCTL_TOKEN: CANARY_TOKEN } });

describe('server text with newlines on stderr', () => {
  it('notices, retry notices and error lines: each one line, and only pwctl starts one with error:', async () => {
    const created = await pw(['steps', 'create', '--phase', '1', '--title', 'x']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toBe(`✓ created task 5${SHOWN} in phase 1\n`);

    const retried = await pw(['steps', 'get', '6']);
    expect(retried.code).toBe(7);
    expect(errorLines(retried)).toHaveLength(1);
    for (const line of retried.stderr.split('\n').filter(Boolean))
      expect(line).toMatch(/^(retrying \(\d\/\d\) after a 503 answer|error: GET \/api\/v1\/steps\/6: 503)/);

    for (const format of ['table', 'json']) {
      const rejected = await pw(['-o', format, 'steps', 'update', '5', '--title', 'y']);
      expect(rejected.code).toBe(5);
      expect(errorLines(rejected)).toHaveLength(1);
      expect(rejected.stderr).toContain(`  t${SHOWN}: ${SHOWN}`);
    }
    for (const r of [created, retried]) expect(r.stderr).not.toMatch(BREAKS);
  });

  it('--debug: body lines, a header holding NEL, and the stack of a jq error on the text', async () => {
    const body = await pw(['--debug=api', 'steps', 'get', '7']);
    expect(body.code).toBe(3);
    expect(errorLines(body)).toHaveLength(1);
    for (const line of body.stderr.split('\n').filter(Boolean)) expect(line).toMatch(/^(debug: |error: GET)/);

    const header = await pw(['--debug', 'steps', 'get', '5'], rawBase);
    expect(header.code, header.stderr).toBe(0);
    expect(header.stderr).toMatch(/^debug: < x-note: one\\x85error: forged$/m);
    expect(errorLines(header)).toEqual([]);

    const stack = await pw(['--debug', '--jq', '.title | error', 'steps', 'get', '5']);
    expect(stack.code).toBe(1);
    // jq's message is the title: its first line is the error, the rest is not a line of its own.
    expect(errorLines(stack)).toEqual(['error: --jq: x']);
    expect(stack.stderr).toMatch(STACK_FRAME);
    expect(stack.stderr).toContain(`Error: --jq: ${SHOWN}\n    at `);
    for (const r of [body, header, stack]) expect(r.stderr).not.toMatch(BREAKS);
  });
});
