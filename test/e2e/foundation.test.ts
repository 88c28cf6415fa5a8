// The foundation end to end: the CLI against a scripted local server (exact status
// sequences, resets, HTML pages), with an isolated config directory. What only the built
// CLI shows runs it as a child process: the bin shim's --version, help written straight to
// the descriptors, V8's WebAssembly setting, a closed pipe.
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeConfigDir, runCli, runInProcess } from '../helpers/cli.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

const TOKEN = 'canary-token-8c1f2e7a9b';
let server: StubServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startStubServer();
  env = { PWCTL_BASE_URL: `${server.url}/api/v1`, PWCTL_TOKEN: TOKEN };
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function expectNoToken(...texts: string[]) {
  for (const text of texts) expect(text).not.toContain(TOKEN);
}

describe('pwctl --version / --help / help topics', () => {
  it('prints the version and help', async () => {
    const version = await runCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: pwctl/);
    expect(help.stdout).toMatch(/config/);
  });

  it('prints the exit-code, environment and formatting tables', async () => {
    expect((await runInProcess(['help', 'exit-codes'])).stdout).toMatch(/8 {2}bulk verb/);
    expect((await runInProcess(['help', 'environment'])).stdout).toMatch(/PWCTL_TOKEN/);
    expect((await runInProcess(['help', 'formatting'])).stdout).toMatch(/ndjson/);
  });

  it('an unknown command or option is a usage error (exit 2) with one error line', async () => {
    const r = await runInProcess(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("error: unknown command 'frobnicate'\n");
    const o = await runInProcess(['config', 'list', '--nope']);
    expect(o.code).toBe(2);
    expect(o.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('pwctl api', () => {
  it('GET prints the body and sends the token', async () => {
    server.on('GET /api/v1/projects/31', { status: 200, body: { data: { id: 31, title: 'Website' } } });
    const r = await runInProcess(['api', '/api/v1/projects/31'], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ data: { id: 31, title: 'Website' } });
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(server.requests[0]!.headers['user-agent']).toMatch(/^pwctl\/\d/);
  });

  it('prepends /api/v1 and sends -f/-F as a typed JSON body on POST', async () => {
    server.on('POST /api/v1/steps', { status: 201, body: { data: { id: 9 } } });
    const r = await runInProcess(['api', '/steps', '-f', 'title=Write', '-F', 'phase_id=12', '-F', 'completed=false'], {
      env,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ title: 'Write', phase_id: 12, completed: false });
    expect(server.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('--input sends a file or stdin as the body, and rejects an unreadable file before any request', async () => {
    server.on('PUT /api/v1/steps/3', { status: 200, body: { data: { id: 3 } } });
    const r = await runInProcess(['api', '-X', 'PUT', '/steps/3', '--input', '-'], {
      env,
      stdin: '{"completed":true}',
    });
    expect(r.code).toBe(0);
    expect(server.requests[0]!.body).toBe('{"completed":true}');
    const missing = await runInProcess(['api', '-X', 'PUT', '/steps/3', '--input', '/nonexistent/body.json'], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('error: --input: cannot read "/nonexistent/body.json": no such file\n');
    expect(server.requests).toHaveLength(1);
  });

  it('--paginate concatenates the data arrays of all pages', async () => {
    server.on(
      'GET /api/v1/steps',
      { status: 200, body: { data: [{ id: 1 }, { id: 2 }], links: { next: `${server.url}/api/v1/steps?page=2` } } },
      { status: 200, body: { data: [{ id: 3 }], links: { next: null } } },
    );
    const r = await runInProcess(['api', '/steps', '--paginate'], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(server.requests).toHaveLength(2);
  });

  it('401 → exit 4, 404 → exit 3, with the server message and never the token', async () => {
    server.on('GET /api/v1/a', { status: 401, body: { message: 'Unauthenticated.' } });
    server.on('GET /api/v1/b', { status: 404, body: { message: 'No query results.' } });
    const a = await runInProcess(['api', '/a'], { env });
    expect(a.code).toBe(4);
    expect(a.stderr).toBe(
      'error: GET /api/v1/a: 401 Unauthorized: Unauthenticated; check PWCTL_TOKEN: it is set, and it overrides any stored token\n',
    );
    expect(JSON.parse(a.stdout)).toEqual({ message: 'Unauthenticated.' });
    const b = await runInProcess(['api', '/b'], { env });
    expect(b.code).toBe(3);
    expectNoToken(a.stdout, a.stderr, b.stdout, b.stderr);
  });

  it('422 → exit 5 with one line per field error, and a JSON error line under -o json', async () => {
    server.on('PUT /api/v1/steps/1', {
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { due_date: ['The due date is not a valid date.'], title: ['Too long.'] },
      },
    });
    const r = await runInProcess(['api', '-X', 'PUT', '/steps/1', '-f', 'due_date=x', '-o', 'json'], { env });
    expect(r.code).toBe(5);
    const lines = r.stderr.trim().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'error: PUT /api/v1/steps/1: 422 Unprocessable Content: The given data was invalid.',
      '  due_date: The due date is not a valid date.',
      '  title: Too long.',
    ]);
    expect(JSON.parse(lines[3]!)).toEqual({
      error: {
        status: 422,
        code: 5,
        message: 'PUT /api/v1/steps/1: 422 Unprocessable Content: The given data was invalid.',
        errors: { due_date: ['The due date is not a valid date.'], title: ['Too long.'] },
      },
    });
  });

  it('429 with Retry-After, then success', async () => {
    server.on(
      'GET /api/v1/limited',
      { status: 429, headers: { 'retry-after': '1' }, body: { message: 'Too Many Attempts.' } },
      { status: 200, body: { data: { ok: true } } },
    );
    const r = await runInProcess(['api', '/limited'], { env });
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(JSON.parse(r.stdout)).toEqual({ data: { ok: true } });
  });

  it('500 twice, then success on GET', async () => {
    server.on(
      'GET /api/v1/flaky',
      { status: 500, body: { message: 'Server Error' } },
      { status: 500, body: { message: 'Server Error' } },
      { status: 200, body: { data: 1 } },
    );
    const r = await runInProcess(['api', '/flaky'], { env });
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(3);
  });

  it('an HTML 502 page → exit 7 with one line, no HTML', async () => {
    server.on('GET /api/v1/gw', {
      status: 502,
      headers: { 'content-type': 'text/html' },
      raw: '<html>\n<head><title>502 Bad Gateway</title></head>\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
    });
    const r = await runInProcess(['api', '/gw'], { env });
    expect(r.code).toBe(7);
    const lines = r.stderr.trim().split('\n');
    // A gateway's failure may pass: it is tried again, out loud, before the one error line.
    expect(lines.slice(0, -1).map((l) => l.replace(/(, in [\d.]+ s)?:/, ':'))).toEqual(
      [2, 3, 4].map((n) => `retrying (${n}/4) after a 502 answer: GET /api/v1/gw`),
    );
    expect(lines.at(-1)).toBe(
      'error: GET /api/v1/gw: 502 Bad Gateway: the server answered with an HTML error page (a proxy or gateway error?)',
    );
  });

  it('--debug traces each request and response without the token', async () => {
    server.on('GET /api/v1/dbg', { status: 200, body: { data: {} } });
    const r = await runInProcess(['api', '/dbg', '--debug', '-H', `X-Echo: ${TOKEN}`], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^debug: → GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/dbg$/m);
    expect(r.stderr).toMatch(/^debug: ← 200 GET \/api\/v1\/dbg \d+ms$/m);
    expectNoToken(r.stdout, r.stderr);
  });

  it('works with V8 WebAssembly tier-up on (PWCTL_WASM_TIER_UP=1) and off (the default)', async () => {
    server.on('GET /api/v1/wasm', { status: 200, body: { data: { parsed: 'by jq' } } });
    for (const tierUp of [undefined, '1']) {
      const r = await runCli(['api', '/wasm', '--jq', '.data.parsed'], { env: { ...env, PWCTL_WASM_TIER_UP: tierUp } });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('by jq\n');
    }
  });

  it('no token configured → exit 4 before any request', async () => {
    const r = await runInProcess(['api', '/x'], { env: { PWCTL_BASE_URL: server.url } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: no token for profile default/);
    expect(server.requests).toHaveLength(0);
  });

  it('a closed pipe ends quietly', async () => {
    const data = Array.from({ length: 5000 }, (_, i) => ({ id: i, title: 'x'.repeat(50) }));
    server.on('GET /api/v1/big', { status: 200, body: { data } });
    const { spawn } = await import('node:child_process');
    const { cliCommand, baseEnv } = await import('../helpers/cli.js');
    const dir = makeConfigDir();
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(
        'sh',
        [
          '-c',
          `${cliCommand(['api', '/big'])
            .flat()
            .map((word) => `"${word}"`)
            .join(' ')} | head -c 10 >/dev/null`,
        ],
        {
          env: { ...baseEnv(dir), ...env },
        },
      );
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c));
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});

describe('pwctl config', () => {
  it('set/get/list/unset/path, with the file 0600 in a 0700 directory', async () => {
    const dir = join(makeConfigDir(), 'nested');
    const set = await runInProcess(['config', 'set', 'company', '42'], { configDir: dir });
    expect(set.code).toBe(0);
    expect((await runInProcess(['config', 'get', 'company'], { configDir: dir })).stdout).toBe('42\n');
    expect(JSON.parse((await runInProcess(['config', 'list', '-o', 'json'], { configDir: dir })).stdout)).toEqual({
      company: 42,
    });
    const path = (await runInProcess(['config', 'path'], { configDir: dir })).stdout.trim();
    expect(path).toBe(join(dir, 'config.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ profiles: { default: { company: 42 } } });
    await runInProcess(['config', 'unset', 'company'], { configDir: dir });
    expect((await runInProcess(['config', 'get', 'company'], { configDir: dir })).stdout).toBe('');
  });

  it('keeps profiles apart', async () => {
    const dir = makeConfigDir();
    await runInProcess(['config', 'set', 'output', 'json', '--profile', 'ci'], { configDir: dir });
    expect((await runInProcess(['config', 'get', 'output'], { configDir: dir })).stdout).toBe('');
    expect(
      (await runInProcess(['config', 'get', 'output'], { configDir: dir, env: { PWCTL_PROFILE: 'ci' } })).stdout,
    ).toBe('json\n');
  });

  it('tightens the mode of an existing world-readable file on write', async () => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, 'config.json'), '{}');
    chmodSync(join(dir, 'config.json'), 0o644);
    await runInProcess(['config', 'set', 'output', 'yaml'], { configDir: dir });
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('unknown keys, invalid values and token keys are usage errors', async () => {
    const bad = await runInProcess(['config', 'set', 'output', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: output must be one of table, json, yaml, ndjson, csv; got "xml"\n');
    const unknown = await runInProcess(['config', 'get', 'colour']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown config key "colour"; valid keys: base_url, output, company/);
    expect((await runInProcess(['config', 'set', 'token', 'abc'])).code).toBe(2);
    expect((await runInProcess(['config', 'set', 'base_url', 'ftp://x'])).code).toBe(2);
  });

  it('a corrupt or empty config file → exit 1 naming the file, never its contents, never rewritten', async () => {
    for (const contents of ['{"profiles": {"default": {"token": "secret-in-file-77"', '']) {
      const dir = makeConfigDir();
      mkdirSync(dir, { recursive: true });
      const file = join(dir, 'config.json');
      writeFileSync(file, contents);
      for (const args of [
        ['config', 'list'],
        ['config', 'set', 'output', 'json'],
        ['api', '/x'],
      ]) {
        const r = await runInProcess(args, { configDir: dir, env: { PWCTL_BASE_URL: server.url } });
        expect(r.code).toBe(1);
        expect(r.stderr).toBe(
          `error: config file ${file} is not valid JSON; fix or remove it (it may hold your tokens, so it was left untouched)\n`,
        );
        expect(r.stderr).not.toContain('secret-in-file-77');
      }
      expect(readFileSync(file, 'utf8')).toBe(contents);
    }
  });
});

describe('--dry-run', () => {
  it('prints the request and sends nothing that changes data', async () => {
    const r = await runInProcess(['api', '-X', 'DELETE', '/steps/5', '--dry-run'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('DELETE /api/v1/steps/5\n');
    expect(server.requests).toHaveLength(0);
    const j = await runInProcess(['api', '/steps', '-F', 'phase_id=3', '--dry-run', '-o', 'json'], { env });
    expect(JSON.parse(j.stdout)).toEqual({
      dry_run: true,
      method: 'POST',
      path: '/api/v1/steps',
      body: { phase_id: 3 },
    });
    expect(server.requests).toHaveLength(0);
  });
});
