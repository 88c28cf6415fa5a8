// A verb's run function reaches the world only through its context (src/commands/context.ts),
// so a test can hand it one of its own: here the command line's context, with the API client
// swapped for one over another service and every request recorded on its way, and the
// results collected as an agent's are. The verb does not know; the service's state and the
// recorded requests show what it did. (The command line and the MCP server are two such
// wirings; this is a third, built in a test.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { Factory } from '../../src/cli/factory.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { AgentContext } from '../../src/mcp/agent-context.js';
import { baseEnv, makeConfigDir } from '../helpers/cli.js';
import { fakeIO } from '../helpers/fake-io.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

let configured: RunningSandbox;
let handed: RunningSandbox;
beforeAll(async () => {
  [configured, handed] = await Promise.all([startTestSandbox(), startTestSandbox()]);
});
afterAll(async () => {
  await Promise.all([configured.close(), handed.close()]);
});

/** The command line's context for `configured` (its flags, environment, store and terminal). */
function commandLineContext(): Factory {
  return new Factory({}, { ...baseEnv(makeConfigDir()), ...sandboxEnv(configured) }, fakeIO().io);
}

/** Over `base`, a context whose verbs talk to `client` and whose results are collected, as an agent's are. */
function contextWith(base: Factory, client: ApiClient): AgentContext {
  return new (class extends AgentContext {
    override api(): Promise<ApiClient> {
      return Promise.resolve(client);
    }
  })(base, undefined);
}

/** A client for `handed`, recording each request's method and path (relative to /api/v1) as the verb makes it. */
async function recordingClient(base: Factory, requests: string[]): Promise<ApiClient> {
  const client = await base.clientWithToken(handed.baseUrl, handed.tokens.manager);
  const request = client.request.bind(client);
  client.request = ((options: Parameters<ApiClient['request']>[0]) => {
    requests.push(`${options.method ?? 'GET'} ${options.path}`);
    return request(options);
  }) as ApiClient['request'];
  return client;
}

describe('a verb given a context built in a test', () => {
  it('steps complete runs against the client it is handed, not the configured service', async () => {
    const base = commandLineContext();
    const requests: string[] = [];
    const client = await recordingClient(base, requests);
    const ctx = contextWith(base, client);
    const { run } = await import('../../src/commands/steps/complete.js');
    expect(handed.state.steps[103]!.completed).toBe(false);
    await run(ctx, { ids: [103], concurrency: 1 });
    // The handed service changed; the configured one did not.
    expect(handed.state.steps[103]!.completed).toBe(true);
    expect(configured.state.steps[103]!.completed).toBe(false);
    // A batch of up to 10 ids is read first (one already completed is said to be), then completed.
    expect(requests).toEqual(['GET /steps/103', 'PUT /steps/103']);
    expect(ctx.result).toMatchObject({ data: [{ id: 103, ok: true }] });
    await client.close();
  });

  it('steps get prints through the context it is given: the record, as the agent front end collects it', async () => {
    const base = commandLineContext();
    const requests: string[] = [];
    const client = await recordingClient(base, requests);
    const ctx = contextWith(base, client);
    const { run } = await import('../../src/commands/steps/get.js');
    handed.state.steps[101]!.title = 'Only on the handed service';
    await run(ctx, { id: 101 });
    expect(requests).toEqual(['GET /steps/101']);
    expect(ctx.result).toMatchObject({ data: { id: 101, title: 'Only on the handed service' } });
    await client.close();
  });
});

describe('closing the command line’s context', () => {
  it('gives the client’s sockets back itself, unless the process exits as the command ends; other cleanups run either way', async () => {
    for (const exiting of [false, true]) {
      const ctx = commandLineContext();
      const client = await ctx.api();
      let sockets = 0;
      const agentsClosed = client.close.bind(client);
      client.close = async () => {
        sockets++;
        await agentsClosed();
      };
      let flushed = 0;
      ctx.onClose(async () => void flushed++);
      await ctx.close({ exiting });
      expect([sockets, flushed]).toEqual([exiting ? 0 : 1, 1]);
      if (exiting) await agentsClosed(); // this test's process goes on
    }
  });
});
