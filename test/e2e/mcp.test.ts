// `pwctl mcp` end to end with the MCP SDK's own client over stdio, against the sandbox:
// the handshake, which tools are offered, reads, errors as tool results, arguments refused
// before any request, and what stdout carries. Writes are in mcp-writes.test.ts. The server
// runs in the test process, except where a process is the point (the handshake with the
// built CLI as an agent host spawns it, stdout and the exit when stdin closes).
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_CONTENT_MESSAGE } from '../../src/sandbox/resources/documents/routes.js';
import { seedDocumentUuid } from '../../src/sandbox/index.js';
import { baseEnv, cliCommand, makeConfigDir, runInProcess, sandboxEnv } from '../helpers/cli.js';
import { CONTRACT_READ_TOOLS as READ_TOOLS, CONTRACT_TOOLS as ALL_TOOLS } from '../helpers/contract.js';
import { connectMcp, textOf, type McpOptions, type McpSession } from '../helpers/mcp-client.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
let session: McpSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

async function open(options: McpOptions = {}): Promise<McpSession> {
  session = await connectMcp({ ...options, env: { ...sandboxEnv(cli.sb), ...options.env } });
  return session;
}

describe('handshake and tools/list', () => {
  it('initializes with a recent protocol version and names itself (the built CLI, spawned as an agent host does)', async () => {
    const s = await open({ process: true });
    expect(s.client.getServerVersion()).toMatchObject({ name: 'pwctl' });
    expect(s.client.getServerCapabilities()?.tools).toBeDefined();
    // Connecting made no request of the service beyond what the warm-up may do.
    expect(cli.sent('/api/v1/steps')).toEqual([]);
  });

  it('offers only the read tools by default, every contract tool with --allow-writes, and --tools narrows', async () => {
    const readOnly = await open();
    expect((await readOnly.client.listTools()).tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS].sort());
    await readOnly.close();
    const writes = await open({ flags: ['--allow-writes'] });
    const tools = (await writes.client.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual([...ALL_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(5);
      expect(tool.description!.length).toBeLessThanOrEqual(90);
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
    }
    expect(tools.find((t) => t.name === 'steps_create')!.inputSchema).toMatchObject({
      required: ['phase_id', 'title'],
      properties: { due_date: { type: 'string' } },
    });
    await writes.close();
    const narrow = await open({ flags: ['--allow-writes', '--tools', 'steps_get,tags_add'] });
    expect((await narrow.client.listTools()).tools.map((t) => t.name)).toEqual(['steps_get', 'tags_add']);
  });

  it('refuses bad --tools before starting: unknown names, and write tools without --allow-writes', async () => {
    const unknown = await runInProcess(['mcp', '--tools', 'steps_lst'], { env: sandboxEnv(cli.sb) });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^error: --tools: unknown tool "steps_lst" \(did you mean steps_list\?\); tools: .*steps_list, steps_get/,
    );
    const write = await runInProcess(['mcp', '--tools', 'steps_list,steps_delete'], { env: sandboxEnv(cli.sb) });
    expect(write.code).toBe(2);
    expect(write.stderr).toMatch(/steps_delete changes data; add --allow-writes/);
    expect(unknown.stdout + write.stdout).toBe('');
  });
});

describe('reads', () => {
  it('steps_list: {data} as structuredContent and the same JSON as text, limit and filters applied in one request', async () => {
    const s = await open();
    const result = await s.call('steps_list', { limit: 3, completed: false });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as {
      data: Array<{ id: number; completed: boolean }>;
      truncated?: boolean;
    };
    expect(JSON.parse(textOf(result))).toEqual(structured);
    expect(structured.data).toHaveLength(3);
    expect(structured.truncated).toBe(true);
    expect(structured.data.every((t) => t.completed === false)).toBe(true);
    const cliList = JSON.parse(
      (await cli.pw(['steps', 'list', '--open', '--limit', '3', '-o', 'json'])).stdout,
    ) as Array<{ id: number }>;
    expect(structured.data.map((t) => t.id)).toEqual(cliList.map((t) => t.id));
    expect(cli.sent('/api/v1/steps', 'GET')[0]!.query).toMatchObject({ completed: 'false', per_page: '3' });
  });

  it('limit "all" is one request of the largest page; fields maps paths through lists', async () => {
    const s = await open();
    cli.mark();
    const all = await s.call('steps_list', { limit: 'all', fields: ['id', 'assignees.name', 'phase.title'] });
    const data = (all.structuredContent as { data: Array<Record<string, unknown>> }).data;
    expect(data.length).toBeGreaterThan(10);
    expect(Object.keys(data[0]!)).toEqual(['id', 'assignees', 'phase']);
    expect(data[0]).toEqual({ id: 101, assignees: [{ name: 'Maya Patel' }], phase: { title: 'Discovery' } });
    expect(cli.sent('/api/v1/steps', 'GET').map((r) => r.query.per_page)).toEqual(['1000']);
  });

  it('steps_get, tags_list, docs_get, milestones_get and webhooks_list read what the CLI reads', async () => {
    const s = await open();
    const step = await s.call('steps_get', { id: 107, include: ['tags'] });
    expect((step.structuredContent as { data: { id: number; tags: unknown[] } }).data).toMatchObject({
      id: 107,
      tags: [{ id: 62 }, { id: 61 }],
    });
    const tags = await s.call('tags_list', { step_id: 112 });
    expect(
      (tags.structuredContent as { data: { data: Array<{ name: string }> } }).data.data.map((t) => t.name),
    ).toEqual(['copy', 'legacy-review']);
    const doc = await s.call('docs_get', {
      uuid: seedDocumentUuid(81),
      include: ['content'],
      fields: ['title', 'content'],
    });
    expect(doc.structuredContent).toEqual({
      data: { title: 'Project brief', content: expect.stringContaining(':::callout') },
    });
    const milestone = await s.call('milestones_get', { id: 72, fields: ['title', 'due_date'] });
    expect(milestone.structuredContent).toEqual({
      data: { title: 'Launch', due_date: expect.stringMatching(/^2025-05-01/) },
    });
    const hooks = await s.call('webhooks_list', {});
    expect(hooks.isError).toBeFalsy();
    expect(Array.isArray((hooks.structuredContent as { data: unknown[] }).data)).toBe(true);
  });
});

describe('failures are tool errors', () => {
  it('a 404 names the status and the service message', async () => {
    const s = await open();
    const result = await s.call('steps_get', { id: 99999 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/404 Not Found: .+/);
    expect(result.structuredContent).toMatchObject({ error: { status: 404 } });
  });

  it('a 422 carries the field errors', async () => {
    const s = await open({ flags: ['--allow-writes'] });
    // Emptying the body of a document that has one: the reference answers 422 on content.
    const result = await s.call('docs_update', { uuid: seedDocumentUuid(81), content: '' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^error: PUT \/api\/v1\/documents\/[0-9a-f-]+: 422 Unprocessable Content/);
    expect(textOf(result)).toContain(`\n  content: ${EMPTY_CONTENT_MESSAGE}`);
    expect(result.structuredContent).toMatchObject({
      error: { status: 422, errors: { content: [EMPTY_CONTENT_MESSAGE] } },
    });
  });

  it('bad arguments are refused naming the field, with no request: schema, then pwctl rules', async () => {
    const s = await open({ flags: ['--allow-writes'] });
    cli.mark();
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['steps_get', { id: 'x' }, /id must be integer/],
      ['steps_get', {}, /id is required/],
      ['steps_list', { limit: 1001 }, /limit must be <= 1000/],
      ['steps_list', { limit: 'everything' }, /limit must match pattern/],
      ['steps_create', { phase_id: 41, title: 'x', phase: 41 }, /unknown argument "phase"/],
      ['steps_create', { phase_id: 41, title: 'x', due_date: '2026-02-30' }, /due_date must be a real calendar date/],
      ['steps_create', { phase_id: 41, title: '  ' }, /title must not be empty/],
      ['steps_update', { id: 2 ** 60 }, /id must be a positive integer id of at most 9007199254740991/],
      ['steps_update', { id: 101 }, /nothing to update/],
      ['steps_reorder', { id: 101, position: 'first', after_step_id: 102 }, /exactly one of position or after_step_id/],
      ['tags_add', { step_id: 101, tags: [''] }, /tags\[0\]: a tag name must not be empty/],
      ['tags_add', { step_id: 101, tags: [1.5] }, /tags\/0 must be integer,string|tags\.0 must be integer,string/],
      [
        'tags_set',
        { step_id: 101, tags: Array.from({ length: 101 }, (_, i) => `t${i}`) },
        /tags must NOT have more than 100 items/,
      ],
      ['docs_get', { uuid: 'not-a-uuid' }, /uuid must be a document UUID/],
      [
        'milestones_create',
        { project_id: 31, title: 'x', due_date: '2026-01-01', color: 'red' },
        /color must be a hex colour/,
      ],
      ['fields_of_nothing', {}, /unknown tool "fields_of_nothing"/],
      [
        'steps_list',
        { fields: ['phase.titel'] },
        /fields: unknown field "phase.titel" \(did you mean phase.title\?\); valid fields: .*phase.title/,
      ],
    ];
    for (const [tool, args, pattern] of cases) {
      const result = await s.call(tool, args);
      expect(result.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(result), `${tool} ${JSON.stringify(args)}`).toMatch(pattern);
    }
    expect(cli.sent('/api/v1/')).toEqual([]);
  });

  it('without --allow-writes a write tool is refused without a request', async () => {
    const s = await open();
    cli.mark();
    const result = await s.call('steps_delete', { ids: [101] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /steps_delete changes data, and this server is read-only: start it with `pwctl mcp --allow-writes`/,
    );
    expect(cli.sent('/api/v1/')).toEqual([]);
    expect(cli.sb.state.steps[101]).toBeDefined();
  });
});

describe('stdio', () => {
  it('writes only protocol messages on stdout and exits 0 when stdin closes, answering what it was sent', async () => {
    const child = spawn(...cliCommand(['mcp']), {
      env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'steps_get', arguments: { id: 101 } } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'steps_get', arguments: { id: 99999 } } },
    ];
    child.stdin.end(`${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const messages = out
      .trimEnd()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { jsonrpc: string; id: number; result: { protocolVersion?: string; isError?: boolean } },
      );
    expect(messages.every((m) => m.jsonrpc === '2.0')).toBe(true);
    expect(messages.map((m) => m.id).sort()).toEqual([1, 2, 3]);
    expect(messages.find((m) => m.id === 1)!.result.protocolVersion).toBe('2025-06-18');
    expect(messages.find((m) => m.id === 3)!.result.isError).toBe(true);
  });

  it('answers a line that is not JSON with a parse error, and one that is not JSON-RPC with an invalid request, then goes on serving', async () => {
    const child = spawn(...cliCommand(['mcp']), {
      env: { ...baseEnv(makeConfigDir()), ...sandboxEnv(cli.sb) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    child.stdin.end(`{"jsonrpc": "2.0", "id": 7, "method": \n{"hello": "world"}\n${JSON.stringify(initialize)}\n`);
    expect(await new Promise<number | null>((resolve) => child.on('close', resolve))).toBe(0);
    const messages = out
      .trimEnd()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { id: number | null; error?: { code: number; message: string }; result?: unknown },
      );
    expect(messages.map((m) => [m.id, m.error?.code])).toEqual([
      [null, -32700],
      [null, -32600],
      [1, undefined],
    ]);
    expect(messages[0]!.error!.message).toMatch(/^Parse error/);
    // Not started at a terminal: no notice for people.
    expect(err).not.toMatch(/serving \d+ tools/);
  });

  it('--sandbox works as for any command, with an isolated config dir', async () => {
    const configDir = makeConfigDir();
    session = await connectMcp({ globals: ['--sandbox'], configDir });
    const result = await session.call('steps_get', { id: 101, fields: ['id', 'title'] });
    expect(result.structuredContent).toEqual({ data: { id: 101, title: 'Kickoff call with Acme' } });
  });

  it('without a token it still serves, and each call is an error saying how to log in', async () => {
    session = await connectMcp({ env: { PWCTL_BASE_URL: cli.sb.baseUrl } });
    expect((await session.client.listTools()).tools).toHaveLength(READ_TOOLS.length);
    const result = await session.call('steps_get', { id: 101 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('error: no token for profile default: run `pwctl auth login`, or set PWCTL_TOKEN');
  });

  it('--dry-run and --jq do not apply: exit 2 before serving', async () => {
    for (const globals of [['--dry-run'], ['--jq', '.']]) {
      const r = await runInProcess([...globals, 'mcp'], { env: sandboxEnv(cli.sb) });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/does not apply to pwctl mcp/);
    }
  });
});
