// `webhooks listen --inspect [port]` on the built CLI, apart from the page itself (that is
// test/browser/webhooks-inspect.test.ts): the flag's forms and mistakes, and that the
// inspector's code is loaded only when it is asked for.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { expectOneErrorLine, makeConfigDir, runCli, runInProcess, startCli } from '../helpers/cli.js';
import { traceLoads } from '../helpers/loaded-modules.js';

const DEFAULT_INSPECT_PORT = 8788;

/** Hold a port on 127.0.0.1 for the length of `work` (if something else holds it already, so much the better). */
async function whileTaken<T>(port: number, work: () => Promise<T>): Promise<T> {
  const server = http.createServer();
  const held = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  try {
    return await work();
  } finally {
    if (held) await new Promise((resolve) => server.close(resolve));
  }
}

describe('listen --inspect [port]', () => {
  it('refuses a port that is not one, naming the flag, before listening', async () => {
    const result = await runCli(['webhooks', 'listen', '--port', '0', '--inspect', 'web']);
    expectOneErrorLine(
      result,
      2,
      /^error: --inspect must be a port number from 0 to 65535 \(0 picks a free one\), got "web"$/,
    );
    expect(result.stderr).not.toMatch(/listening on/);
  });

  it('alone means port 8788; a port in use is an error that names it, and the receiver is not left running', async () => {
    const result = await whileTaken(DEFAULT_INSPECT_PORT, () =>
      runCli(['webhooks', 'listen', '--port', '0', '--inspect', '--secret', 'inspect-e2e-secret-value']),
    );
    expectOneErrorLine(
      result,
      1,
      /^error: --inspect: port 8788 on 127\.0\.0\.1 is already in use; pick another with --inspect <port>, or --inspect 0 for any free one$/,
    );
  });

  it('prints the page address before the ready line, and stops on SIGINT', async () => {
    const cli = startCli(['webhooks', 'listen', '--port', '0', '--inspect', '0']);
    await cli.waitFor('stderr', /listening on /);
    const lines = cli.output('stderr').trim().split('\n');
    expect(lines.at(-2)).toMatch(/^inspector on http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{32}$/);
    expect(lines.at(-1)).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\/$/);
    cli.child.kill('SIGINT');
    const result = await cli.result;
    expect(result.code, result.stderr).toBe(0);
  });
});

describe('listen and signals', () => {
  it('stops cleanly on SIGINT sent the moment the ready line is read (its handler is in place before)', async () => {
    for (let run = 0; run < 5; run++) {
      const cli = startCli(['webhooks', 'listen', '--port', '0']);
      await cli.waitFor('stderr', /listening on /);
      cli.child.kill('SIGINT');
      const result = await cli.result;
      expect({ code: result.code, signal: result.signal }, result.stderr).toEqual({ code: 0, signal: null });
      expect(result.stderr).toMatch(/received 0, verified 0/);
    }
  });
});

describe('the inspector loads only with --inspect', () => {
  /** The source modules of every dist file a `listen` run loaded before it was stopped. */
  async function modulesLoadedBy(args: string[]): Promise<string[]> {
    const trace = traceLoads();
    const cli = startCli(['webhooks', 'listen', '--port', '0', ...args], { env: trace.env });
    await cli.waitFor('stderr', /listening on /);
    cli.child.kill('SIGINT');
    const result = await cli.result;
    expect(result.code, result.stderr).toBe(0);
    return trace.sources();
  }

  it('listen without it loads none of the page, its server or its memory', async () => {
    const loaded = await modulesLoadedBy([]);
    expect(loaded).toContain('src/webhooks/listener.ts');
    expect(loaded.filter((m) => m.startsWith('src/webhooks/inspect/'))).toEqual([]);
  });

  it('listen --inspect loads them', async () => {
    const loaded = await modulesLoadedBy(['--inspect', '0']);
    expect(loaded).toEqual(
      expect.arrayContaining([
        'src/webhooks/inspect/server.ts',
        'src/webhooks/inspect/memory-source.ts',
        // The page's files are text in the module that serves them (the source maps name
        // that module, not each file: the build's second step keeps one mapping per string).
        'src/webhooks/inspect/page.ts',
      ]),
    );
  });
});

describe('listen --inspect and the inbox', () => {
  it('the page opens on what earlier runs kept: a delivery of the last run can be inspected', async () => {
    const configDir = makeConfigDir();
    const secret = 'inspect-history-secret-0f9e8d';
    const first = startCli(['webhooks', 'listen', '--port', '0', '--secret', secret], { configDir });
    await first.waitFor('stderr', /listening on /);
    const receiver = /listening on (\S+)/.exec(first.output('stderr'))![1]!;
    const sent = await runInProcess(['webhooks', 'trigger', 'task.created', '--to', receiver, '--secret', secret], {
      configDir,
    });
    expect(sent.code, sent.stderr).toBe(0);
    first.child.kill('SIGINT');
    expect((await first.result).code).toBe(0);
    const kept = JSON.parse(
      (await runInProcess(['webhooks', 'deliveries', 'list', '-o', 'json'], { configDir })).stdout,
    ) as Array<{ id: string }>;
    expect(kept).toHaveLength(1);

    const second = startCli(['webhooks', 'listen', '--port', '0', '--inspect', '0', '--secret', secret], { configDir });
    await second.waitFor('stderr', /listening on /);
    const page = new URL(/inspector on (\S+)/.exec(second.output('stderr'))![1]!);
    const token = new URLSearchParams(page.hash.slice(1)).get('token')!;
    const answer = await fetch(new URL(`/api/deliveries/${kept[0]!.id}`, page), {
      headers: { 'x-inspector-token': token },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: kept[0]!.id, verdict: 'verified', event: 'task.created' });
    second.child.kill('SIGINT');
    expect((await second.result).code).toBe(0);
  });
});
