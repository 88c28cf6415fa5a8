// Terminal safety: server text carrying ESC/CSI/OSC sequences (colours, window titles,
// hyperlinks, clipboard writes), BEL, CR, DEL, C1 bytes and bidi overrides is shown escaped
// in tables (piped and on a pseudo-terminal), in notices, warnings, error messages, --debug
// traces and stack traces, and in `webhooks listen` lines; JSON output carries no raw DEL or
// C1 byte and still round-trips the exact text.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import {
  baseEnv,
  cliCommand,
  CANARY_TOKEN,
  CANARY_WEBHOOK_SECRET,
  makeConfigDir,
  runInProcess,
  type CliResult,
} from '../helpers/cli.js';
import { hasPty, runInPty } from '../helpers/pty.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';
import { sign, STACK_FRAME, startListen } from './support.js';

const HOSTILE =
  '\u202eR\u2066I\u2069' + // bidi: a right-to-left override and an isolate, first so that no cut hides them
  'A\u001b[31mred\u001b[0m' + // CSI colour
  ' B\u001b]0;pwned-title\u0007' + // OSC 0: window title
  ' C\u001b]8;;http://evil.example/\u0007click\u001b]8;;\u0007' + // OSC 8: hyperlink
  ' D\u001b]52;c;ZXZpbCBjbGlwYm9hcmQ=\u0007' + // OSC 52: clipboard write
  ' E\u0007bell F\roverwritten G\u007fdel H\u009b31mc1csi I\u0085nel J\u009d0;c1osc\u009c K\u001b[2J\u001b[H';

/** Any control character a terminal acts on (tab and newline are the table's own layout). */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** Bidi overrides and isolates: a terminal would show the text after them reversed. JSON in a pipe keeps them (it is data). */
const RAW_BIDI = /[\u202a-\u202e\u2066-\u2069]/;
/** What JSON must never carry raw: DEL and C1 (JSON.stringify escapes C0 itself). */
const RAW_DEL_C1 = /[\u007f-\u009f]/;

function expectNeutralised(text: string, label: string, whole = true): void {
  const at = RAW_CONTROL.exec(text);
  expect(
    at,
    `${label}: raw U+${at?.[0].charCodeAt(0).toString(16).padStart(4, '0')} in ${JSON.stringify(text.slice(Math.max(0, (at?.index ?? 0) - 20), (at?.index ?? 0) + 20))}`,
  ).toBeNull();
  expect(RAW_BIDI.exec(text), `${label}: a raw bidi override or isolate`).toBeNull();
  // The sequences are still visible, as caret or \x notation, so a person sees something is off.
  expect(text, label).toContain('\\u202eR\\u2066I\\u2069A^[[31mred^[[0m B^[]0;pwned-title^G');
  // Terminal tables cut long cells (with …); piped output and details show all of it.
  if (whole)
    expect(text, label).toContain(
      'E^Gbell F^Moverwritten G^?del H\\x9b31mc1csi I\\x85nel J\\x9d0;c1osc\\x9c K^[[2J^[[H',
    );
}

let sb: RunningSandbox;
const UUID = '5eed0000-0000-4000-8000-000000000081';

async function put(path: string, body: object): Promise<void> {
  const r = await fetch(`${sb.baseUrl}/api/v1${path}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${sb.tokens.manager}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(r.status, `${path}: ${await r.text()}`).toBe(200);
}

beforeAll(async () => {
  sb = await startTestSandbox();
  await put('/steps/101', { title: HOSTILE });
  await put('/milestones/71', { title: HOSTILE, description: HOSTILE });
  await put(`/documents/${UUID}`, { title: HOSTILE });
  const tags = await fetch(`${sb.baseUrl}/api/v1/steps/101/tags`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sb.tokens.manager}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ tags: [HOSTILE] }),
  });
  expect(tags.status).toBe(201);
});
afterAll(() => sb.close());

const pw = (args: string[]): Promise<CliResult> => runInProcess(args, { env: sandboxEnv(sb) });
/** The stub server checks no token; this one is in the leak check like every canary. */
const CANARY_TOKEN_FOR_STUB = CANARY_TOKEN;

const TABLE_COMMANDS = [
  ['steps', 'list', '--limit', '5'],
  ['steps', 'get', '101'],
  ['steps', 'get', '101', '--include', 'tags'],
  ['milestones', 'list', '--project', '31'],
  ['milestones', 'get', '71'],
  ['docs', 'list', '--limit', '3'],
  ['docs', 'get', UUID],
  ['tags', 'list', '101'],
  ['--fields', 'id,title,phase.title', 'steps', 'list', '--limit', '3'],
];

describe('tables piped', () => {
  it.each(TABLE_COMMANDS)('pwctl %s …: escaped', async (...args) => {
    const r = await pw(args);
    expect(r.code, r.stderr).toBe(0);
    expectNeutralised(r.stdout, args.join(' '));
    expect(r.stderr).not.toMatch(RAW_CONTROL);
  });
});

describe('tables on a pseudo-terminal (script -qc)', () => {
  /** Runs pwctl under script(1), so its stdout and stderr are a TTY; returns what the terminal got. */
  // Asynchronous: the sandbox answering pwctl lives in this very process.
  async function onTty(args: string[]): Promise<string> {
    const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
    const env = { ...baseEnv(makeConfigDir()), ...sandboxEnv(sb), NO_COLOR: '1', TERM: 'xterm' };
    const command = `stty cols 250; ${cliCommand(args).flat().map(quote).join(' ')}`;
    const { stdout } = await promisify(execFile)('script', ['-qec', command, '/dev/null'], {
      env,
      encoding: 'utf8',
      timeout: 15_000,
    });
    // The terminal's line discipline turns \n into \r\n; that CR is the terminal's, not the server's.
    return stdout.replace(/\r\n/g, '\n');
  }

  it.each([...TABLE_COMMANDS.slice(0, 8), ['api', '/steps/101']])('pwctl %s …: escaped', async (...args) => {
    const text = await onTty(args);
    expect(text).toMatch(/[A-Za-z]/);
    if (args[0] === 'api') {
      // Pretty JSON on a terminal: the sequences stay as JSON escapes.
      expect(text).not.toMatch(RAW_CONTROL);
      expect(text).toContain('\\u001b]0;pwned-title\\u0007');
    } else expectNeutralised(text, `tty: ${args.join(' ')}`, args[1] === 'get');
  });
});

describe('error messages', () => {
  it('a 422 whose message and field errors carry control sequences is escaped (table and json error lines)', async () => {
    for (const format of ['table', 'json']) {
      sb.faults.add({
        method: 'PUT',
        path: '/api/v1/steps/102',
        action: { type: 'status', status: 422, body: { message: HOSTILE, errors: { [`title${HOSTILE}`]: [HOSTILE] } } },
      });
      const r = await pw(['-o', format, 'steps', 'update', '102', '--title', 'x']);
      expect(r.code).toBe(5);
      expectNeutralised(r.stderr, `error (${format})`);
      // The message repeats the field's, so the field line carries it (escaped) and the first line ends at the status.
      expect(r.stderr).toMatch(
        /^error: PUT \/api\/v1\/steps\/102: 422 Unprocessable Content\n {2}title\\u202eR\\u2066I\\u2069A\^\[\[31mred/,
      );
      if (format === 'json') {
        const json = JSON.parse(r.stderr.trim().split('\n').at(-1)!) as {
          error: { message: string; errors: Record<string, string[]> };
        };
        expect(json.error.message).toContain(HOSTILE);
      }
    }
  });

  it('a 404 and a 5xx message are escaped too, and so are bulk results in a table', async () => {
    sb.faults.add({
      method: 'GET',
      path: '/api/v1/milestones/72',
      action: { type: 'status', status: 404, body: { message: HOSTILE } },
    });
    const notFound = await pw(['milestones', 'get', '72']);
    expect(notFound.code).toBe(3);
    expectNeutralised(notFound.stderr, '404');

    sb.faults.add({
      method: 'PUT',
      path: /^\/api\/v1\/steps\/10[34]$/,
      count: 8,
      action: { type: 'status', status: 500, body: { message: HOSTILE } },
    });
    const bulk = await pw(['steps', 'complete', '103', '104']);
    expect(bulk.code).toBe(8);
    expectNeutralised(bulk.stdout, 'bulk table');
  });
});

describe('JSON, NDJSON and YAML output', () => {
  it.each([
    ['-o', 'json', 'steps', 'get', '101', '--include', 'tags'],
    ['-o', 'ndjson', 'steps', 'list', '--limit', '3', '--include', 'tags'],
    ['-o', 'json', 'milestones', 'get', '71'],
    ['-o', 'json', 'docs', 'get', UUID],
    ['-o', 'json', 'tags', 'list', '101'],
    ['-o', 'yaml', 'milestones', 'get', '71'],
  ])('pwctl %s …: no raw DEL or C1 byte, and the text round-trips', async (...args) => {
    const r = await pw(args);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(RAW_DEL_C1);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    if (args.includes('yaml')) {
      const { parse } = await import('yaml');
      expect((parse(r.stdout) as { title: string }).title).toBe(HOSTILE);
    } else if (args.includes('ndjson')) {
      expect(
        r.stdout
          .trim()
          .split('\n')
          .map((l) => (JSON.parse(l) as { title: string }).title),
      ).toContain(HOSTILE);
    } else {
      expect(r.stdout).toContain('\\u001b]0;pwned-title\\u0007');
      expect(r.stdout).toContain('\\u009b31m');
    }
  });
});

describe('api in a pipe', () => {
  it('prints the body byte for byte, as the contract says (a terminal gets escaped pretty JSON, above)', async () => {
    const direct = await fetch(`${sb.baseUrl}/api/v1/steps/101`, {
      headers: { Authorization: `Bearer ${sb.tokens.manager}`, Accept: 'application/json' },
    });
    const r = await pw(['api', '/steps/101']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${await direct.text()}\n`);
  });
});

describe('webhooks listen lines', () => {
  it('a signed delivery with hostile text is printed escaped (table) and without raw DEL/C1 (ndjson)', async () => {
    for (const format of ['table', 'ndjson']) {
      const listener = await startListen(['--secret', CANARY_WEBHOOK_SECRET, '-o', format]);
      const body = JSON.stringify({
        id: 4242,
        title: HOSTILE,
        completed: true,
        completed_at: '2026-01-01T00:00:00.000000Z',
        phase: { id: 41, title: HOSTILE, is_internal: false },
      });
      const r = await fetch(`${listener.origin}/hooks`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Signature: sign(CANARY_WEBHOOK_SECRET, body) },
        body,
      });
      expect(r.status).toBeLessThan(300);
      // A rejected request's path is reported on stderr: escaped there too.
      const bad = await fetch(`${listener.origin}/%1B]0;evil%07`, {
        method: 'POST',
        headers: { Signature: 'x' },
        body: '{}',
      });
      expect(bad.status).toBe(401);
      const { stdout, stderr } = await listener.stop();
      expect(stdout).not.toMatch(RAW_CONTROL);
      expect(stderr).not.toMatch(RAW_CONTROL);
      if (format === 'table')
        expect(stdout).toContain('4242\t\\u202eR\\u2066I\\u2069A^[[31mred^[[0m B^[]0;pwned-title^G');
      else expect((JSON.parse(stdout.trim()) as { payload: { title: string } }).payload.title).toBe(HOSTILE);
    }
  });
});

// ---- A hostile server: its create answers, errors and bodies carry clipboard writes, screen
// clears and bidi overrides, and every helper that writes them is checked. ----

/** OSC 52 (clipboard write), ESC[2J (clear the screen) and a right-to-left override. */
const CREATED_ID = '7\u001b]52;c;ZXZpbA==\u0007\u001b[2J\u202e';
const CREATED_ID_SHOWN = '7^[]52;c;ZXZpbA==^G^[[2J\\u202e';
/**
 * A title shown reversed on a terminal that obeys U+202E; isolates U+2066–U+2069, direction
 * marks and invisible characters (ad\u200bmin looks like admin) too. The emoji sequence at
 * the end is text: its joiner is kept.
 */
const BIDI =
  'invoice \u202egpj.exe\u202c \u2066iso\u2069 \u202aL\u202bR\u202d \u2067\u2068 \u200emark\u200f\u061c ad\u200bmin\u2060\ufeff pay\u200cpal 👩\u200d💻';
const BIDI_SHOWN =
  'invoice \\u202egpj.exe\\u202c \\u2066iso\\u2069 \\u202aL\\u202bR\\u202d \\u2067\\u2068 \\u200emark\\u200f\\u061c ad\\u200bmin\\u2060\\ufeff pay\\u200cpal 👩\u200d💻';
/** Anything a terminal acts on, bidi controls and invisible characters included (tab and newline are layout). */
const RAW_UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u061c\u200b-\u200f\u2060-\u2064\ufeff]/;

function expectNothingRaw(given: string, label: string): void {
  // The emoji's joiner is the one invisible character kept.
  const text = given.replaceAll('👩\u200d💻', '👩💻');
  const at = RAW_UNSAFE.exec(text);
  expect(
    at,
    `${label}: raw U+${at?.[0].charCodeAt(0).toString(16).padStart(4, '0')} in ${JSON.stringify(text.slice(Math.max(0, (at?.index ?? 0) - 30), (at?.index ?? 0) + 30))}`,
  ).toBeNull();
}

describe('a hostile server', () => {
  let server: StubServer;
  let env: Record<string, string>;
  const step = {
    id: CREATED_ID,
    title: `${BIDI} ${HOSTILE}`,
    completed: false,
    phase: { id: 1, title: BIDI, is_internal: false },
  };

  beforeAll(async () => {
    server = await startStubServer();
    env = { PWCTL_BASE_URL: server.url, PWCTL_TOKEN: CANARY_TOKEN_FOR_STUB };
    server.on('POST /api/v1/steps', { status: 201, body: { data: step } });
    server.on('GET /api/v1/steps/5', { status: 200, body: { data: step } });
    server.on('PUT /api/v1/steps/5', {
      status: 422,
      body: { message: `${BIDI} ${CREATED_ID}`, errors: { [`title${BIDI}`]: [BIDI] } },
    });
    server.on('GET /api/v1/hostile.txt', {
      status: 404,
      headers: { 'content-type': 'text/plain', 'x-note': 'ok' },
      raw: `${HOSTILE}\n${BIDI}\n`,
    });
    server.on('GET /api/v1/documents', { status: 200, body: { data: [], links: { next: null } } });
  });
  afterAll(() => server.close());

  const pwStub = (args: string[]): Promise<CliResult> => runInProcess(args, { env });

  it('a notice (✓ created task …) shows the id escaped; the record on stdout too', async () => {
    const r = await pwStub(['steps', 'create', '--phase', '1', '--title', 'x']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`✓ created task ${CREATED_ID_SHOWN} in phase 1`);
    expectNothingRaw(r.stderr, 'notice');
    expect(r.stdout).toContain(BIDI_SHOWN);
    expectNothingRaw(r.stdout, 'record');
  });

  it('-o json keeps the data byte for byte in a pipe, while the notice on stderr is escaped', async () => {
    const r = await pwStub(['-o', 'json', 'steps', 'create', '--phase', '1', '--title', 'x']);
    expect(r.code, r.stderr).toBe(0);
    // As before: JSON.stringify's text with DEL and C1 as \u escapes; bidi characters as sent.
    const exact = JSON.stringify(step, null, 2).replace(
      /[\u007f-\u009f]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(r.stdout).toBe(`${exact}\n`);
    expect(r.stdout).toContain('\u202egpj.exe');
    expectNothingRaw(r.stderr, 'notice (json)');
    expect(r.stderr).toContain(CREATED_ID_SHOWN);
  });

  it('an error message and its field errors are escaped; the JSON error line stays valid JSON with the exact text', async () => {
    const table = await pwStub(['steps', 'update', '5', '--title', 'x']);
    expect(table.code).toBe(5);
    expectNothingRaw(table.stderr, 'error (table)');
    expect(table.stderr).toContain(BIDI_SHOWN);
    expect(table.stderr).toContain(CREATED_ID_SHOWN);

    const json = await pwStub(['-o', 'json', 'steps', 'update', '5', '--title', 'x']);
    expect(json.code).toBe(5);
    expectNothingRaw(json.stderr, 'error (json)');
    const line = JSON.parse(json.stderr.trim().split('\n').at(-1)!) as {
      error: { message: string; errors: Record<string, string[]> };
    };
    expect(line.error.message).toContain(`${BIDI} ${CREATED_ID}`);
    expect(line.error.errors).toEqual({ [`title${BIDI}`]: [BIDI] });
  });

  it('a warning is escaped (a pulled file whose front matter carries hostile text)', async () => {
    const dir = join(makeConfigDir(), 'docs');
    mkdirSync(dir);
    writeFileSync(join(dir, 'x.md'), `---\ntitle: x\nedit_access: "${BIDI} \\e]52;c;ZXZpbA==\\a"\n---\nbody\n`);
    const r = await pwStub(['docs', 'pull', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^warning: x\.md: edit_access must be one of/m);
    expect(r.stderr).toContain(BIDI_SHOWN);
    expectNothingRaw(r.stderr, 'warning');
  });

  it('--debug=api traces of hostile bodies are escaped', async () => {
    const r = await pwStub(['--debug=api', 'steps', 'get', '5']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^debug: < \{"data":\{"id":/m);
    expect(r.stderr).toContain('invoice \\u202egpj.exe');
    expectNothingRaw(r.stderr, '--debug=api');
  });

  it('--debug on a failure prints a stack whose message (server text) is escaped', async () => {
    // jq's `error` fails the run with the title as its message: exit 1, stack under --debug.
    const r = await pwStub(['--debug', '--jq', '.title | error', 'steps', 'get', '5']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(STACK_FRAME);
    expect(r.stderr).toMatch(/^\w*Error: --jq: invoice \\u202egpj\.exe/m);
    expectNothingRaw(r.stderr, 'stack trace');
  });

  describe.skipIf(!hasPty)('on a pseudo-terminal', () => {
    const onTty = (args: string[]) =>
      runInPty(args, { cols: 250, env: { ...baseEnv(makeConfigDir()), ...env, NO_COLOR: '1', PWCTL_PAGER: '' } });

    it('an `api` answer that is not JSON (the raw path) is escaped on a terminal', async () => {
      const r = await onTty(['api', '-i', '/hostile.txt']);
      expect(r.code, r.output).toBe(3);
      expect(r.output).toContain('X-Note: ok');
      expect(r.output).toContain('A^[[31mred^[[0m B^[]0;pwned-title^G');
      expect(r.output).toContain(BIDI_SHOWN);
      expectNothingRaw(r.output, 'api on a tty');
    });

    it('a table, a notice and a detail view are escaped, bidi overrides included', async () => {
      for (const args of [
        ['steps', 'get', '5'],
        ['steps', 'create', '--phase', '1', '--title', 'x'],
      ]) {
        const r = await onTty(args);
        expect(r.code, r.output).toBe(0);
        expect(r.output).toContain(BIDI_SHOWN);
        expectNothingRaw(r.output, `tty: ${args.join(' ')}`);
      }
    });

    it('-o json on a terminal: bidi overrides as JSON \\u escapes, the same JSON value', async () => {
      const r = await onTty(['-o', 'json', 'steps', 'get', '5']);
      expect(r.code, r.output).toBe(0);
      expectNothingRaw(r.output, 'json on a tty');
      expect(JSON.parse(r.output)).toEqual(step);
    });
  });
});

describe('an error nothing caught', () => {
  /** A script loaded before pwctl (NODE_OPTIONS --require: the executable runs no --import) that throws from a timer once pwctl is listening. */
  function throwingLater(kind: 'exception' | 'rejection'): string {
    const dir = join(makeConfigDir(), 'preload');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'throw-later.cjs');
    const error = `new Error(${JSON.stringify(`boom ${HOSTILE}`)})`;
    writeFileSync(
      file,
      kind === 'exception'
        ? `setTimeout(() => { throw ${error}; }, 400);\n`
        : `setTimeout(() => { Promise.reject(${error}); }, 400);\n`,
    );
    return file;
  }

  it.each(['exception', 'rejection'] as const)(
    'an uncaught %s is one escaped error line, exit 1, no stack; with --debug its stack, escaped',
    async (kind) => {
      for (const debug of [false, true]) {
        const configDir = makeConfigDir();
        const env = { ...baseEnv(configDir), NODE_OPTIONS: `--require=${throwingLater(kind)}` };
        const args = ['webhooks', 'listen', '--port', '0', '--no-inbox', ...(debug ? ['--debug'] : [])];
        const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
          execFile(...cliCommand(args), { env, timeout: 15_000 }, (error, _stdout, stderr) =>
            resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr }),
          );
        });
        expect(r.code, r.stderr).toBe(1);
        expectNeutralised(r.stderr, `uncaught ${kind}${debug ? ' --debug' : ''}`);
        expect(r.stderr).toMatch(/^error: boom \\u202eR/m);
        if (debug) expect(r.stderr).toMatch(STACK_FRAME);
        else expect(r.stderr).not.toMatch(STACK_FRAME);
      }
    },
  );
});
