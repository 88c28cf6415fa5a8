// What `webhooks listen` and its inbox trust, tried as an attacker would (issue 34): a forged
// delivery is kept with its subscription only as a guess and is never re-signed without an
// acknowledgement beyond --resign (on the command line and through the inspector's endpoint);
// a duplicate is forwarded once; a flood of forgeries cannot push verified deliveries out of
// the inbox; a symbolic link planted in the inbox is not written through. Real listeners, a
// real receiver on port 0. (A --secret-file others can read: webhooks-secret-file.test.ts.)
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../src/webhooks/signature.js';
import {
  expectOneErrorLine,
  makeConfigDir,
  registerSecret,
  runCli,
  runInProcess,
  startCli,
  type CliResult,
  type RunningCli,
} from '../helpers/cli.js';
import { postStatus as post } from '../helpers/post.js';
import { configDirWithStoredSecret } from '../helpers/stored-secret.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

/** The secret `webhooks create` stored for subscription 7 (task.completed) of the sandbox. */
const STORED = 'whsec_trust_stored_of_7_5c2e9b41d7';
const GIVEN = 'whsec_trust_given_to_listen_83fa01';

const running = new Set<RunningCli>();
afterAll(() => {
  for (const cli of running) cli.child.kill('SIGKILL');
});

interface Listener extends RunningCli {
  url: string;
  inspector: string | undefined;
  stop(): Promise<CliResult>;
}

async function listen(args: string[], configDir: string): Promise<Listener> {
  const cli = startCli(['webhooks', 'listen', '--port', '0', ...args], { configDir, timeoutMs: 120_000 });
  running.add(cli);
  void cli.result.finally(() => running.delete(cli)).catch(() => {});
  await cli.waitFor('stderr', /listening on \S+/);
  const stderr = cli.output('stderr');
  return {
    ...cli,
    url: /listening on (\S+)/.exec(stderr)![1]!,
    inspector: /inspector on (\S+)/.exec(stderr)?.[1],
    stop() {
      cli.child.kill('SIGINT');
      return cli.result;
    },
  };
}

const task = (n: number) =>
  JSON.stringify({
    id: n,
    title: `task ${n}`,
    completed: true,
    completed_at: '2026-01-01T00:00:00Z',
    phase: { id: 1 },
  });

interface Row {
  id: string;
  verdict: string;
  subscription_id: number | null;
  suggested_subscription_id: number | null;
}

async function rows(configDir: string): Promise<Row[]> {
  const result = await runInProcess(['webhooks', 'deliveries', 'list', '--all', '-o', 'json'], { configDir });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Row[];
}

async function keptAtLeast(configDir: string, count: number): Promise<Row[]> {
  for (const deadline = Date.now() + 15_000; ; ) {
    const kept = await rows(configDir);
    if (kept.length >= count || Date.now() > deadline) return kept;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
  stub.on('POST /hooks', { status: 204 });
});
afterAll(() => stub.close());

describe('a forged delivery is never re-signed without an acknowledgement beyond --resign', () => {
  const configDir = configDirWithStoredSecret(STORED);
  let listener: Listener;
  let forged: Row;
  let genuine: Row;
  const forgedBody = task(66);
  const to = () => `${stub.url}/hooks`;

  beforeAll(async () => {
    listener = await listen(['--inspect', '0'], configDir);
    expect(
      await post(listener.url, task(65), { 'Content-Type': 'application/json', Signature: signBody(STORED, task(65)) }),
    ).toBe(204);
    // Unsigned, shaped like a task.completed payload: its shape suggests subscription 7.
    expect(await post(listener.url, forgedBody, { 'Content-Type': 'application/json' })).toBe(401);
    [forged, genuine] = (await keptAtLeast(configDir, 2)) as [Row, Row];
  });
  afterAll(() => listener.stop());

  it('records the subscription a forgery suggests as a guess, never as its subscription', async () => {
    expect(forged).toMatchObject({ verdict: 'rejected', subscription_id: null, suggested_subscription_id: 7 });
    expect(genuine).toMatchObject({ verdict: 'verified', subscription_id: 7, suggested_subscription_id: null });
    const table = await runInProcess(['webhooks', 'deliveries', 'list'], { configDir });
    // Plain rows (no terminal): id, time, event, result, subscription, bytes.
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^${forged.id}\\t.*\\tno signature\\t7\\?\\t\\d+$`));
    expect(lines[1]).toMatch(new RegExp(`^${genuine.id}\\t.*\\tverified\\t7\\t\\d+$`));
    const shown = await runInProcess(['webhooks', 'deliveries', 'show', forged.id], { configDir });
    expect(shown.stdout).toContain('subscription:\tnone verified (its shape suggests 7: a guess)\n');
  });

  it('replay --resign of a rejected delivery exits 2 naming the risk and --resign-rejected, and sends nothing', async () => {
    const before = stub.requests.length;
    expectOneErrorLine(
      await runCli(['webhooks', 'deliveries', 'replay', forged.id, '--to', to(), '--resign'], { configDir }),
      2,
      new RegExp(
        `^error: --resign: delivery ${forged.id} was rejected \\(no signature\\): the bytes came from an unverified sender, and re-signing them would make them look genuine; give --resign-rejected to re-sign it anyway, or leave out --resign to send it as it came$`,
      ),
    );
    // With a verified delivery before it: still nothing is sent, not even the verified one.
    expectOneErrorLine(
      await runCli(['webhooks', 'deliveries', 'replay', genuine.id, forged.id, '--to', to(), '--resign'], {
        configDir,
      }),
      2,
      new RegExp(`^error: --resign: delivery ${forged.id} was rejected`),
    );
    expect(stub.requests.length).toBe(before);
  });

  it('replays a rejected delivery as it came, and re-signs it only with --resign-rejected', async () => {
    const before = stub.requests.length;
    const plain = await runInProcess(['webhooks', 'deliveries', 'replay', forged.id, '--to', to(), '-o', 'json'], {
      configDir,
    });
    expect(plain.code, plain.stderr).toBe(0);
    const [first] = stub.requests.slice(before);
    expect(first!.body).toBe(forgedBody);
    expect(first!.headers.signature).toBeUndefined();

    const acknowledged = await runInProcess(
      ['webhooks', 'deliveries', 'replay', genuine.id, forged.id, '--to', to(), '--resign-rejected', '-o', 'json'],
      { configDir },
    );
    expect(acknowledged.code, acknowledged.stderr).toBe(0);
    const results = JSON.parse(acknowledged.stdout) as Array<{ id: string; data: { resigned: boolean } }>;
    // --resign-rejected re-signs the rejected one; the verified one keeps its own Signature.
    expect(results.map((r) => [r.id, r.data.resigned])).toEqual([
      [genuine.id, false],
      [forged.id, true],
    ]);
    const [, again, resigned] = stub.requests.slice(before);
    expect(again!.headers.signature).toBe(signBody(STORED, task(65)));
    expect(resigned!.body).toBe(forgedBody);
    expect(resigned!.headers.signature).toBe(signBody(STORED, forgedBody));
  });

  it("the inspector's replay endpoint refuses re-signing it without resign_rejected, and sends nothing", async () => {
    const page = new URL(listener.inspector!);
    const token = new URLSearchParams(page.hash.slice(1)).get('token')!;
    const replay = async (body: object) => {
      const answer = await fetch(new URL(`/api/deliveries/${forged.id}/replay`, page), {
        method: 'POST',
        headers: { 'x-inspector-token': token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as { ok: boolean; reason?: string; attempts?: Array<{ resigned: boolean }> };
    };
    const before = stub.requests.length;
    expect(await replay({ to: to(), resign: true })).toEqual({
      ok: false,
      reason: `not re-signed: delivery ${forged.id} was rejected (no signature): the bytes came from an unverified sender, and re-signing them would make them look genuine; re-signing it needs an acknowledgement beyond re-sign ("resign_rejected": true, which the page asks you to confirm)`,
    });
    expect(stub.requests.length).toBe(before);
    const outcome = await replay({ to: to(), resign: true, resign_rejected: true });
    expect(outcome).toMatchObject({ ok: true, attempts: [{ resigned: true }] });
    expect(stub.requests.at(-1)!.headers.signature).toBe(signBody(STORED, forgedBody));
  });
});

describe('listen --forward-to forwards a duplicate once', () => {
  it('the receiver gets the first copy only, and listen says the repeat was not forwarded again', async () => {
    registerSecret(GIVEN);
    const receiver = await startStubServer();
    receiver.on('POST /in', { status: 200 });
    try {
      const configDir = makeConfigDir();
      const listener = await listen(['--secret', GIVEN, '--forward-to', `${receiver.url}/in`], configDir);
      const headers = { 'Content-Type': 'application/json', Signature: signBody(GIVEN, task(9)) };
      expect(await post(listener.url, task(9), headers)).toBe(204);
      expect(await post(listener.url, task(9), headers)).toBe(204);
      expect(await post(listener.url, task(10), { ...headers, Signature: signBody(GIVEN, task(10)) })).toBe(204);
      // Stopping waits for every relay in flight.
      const { code, stderr } = await listener.stop();
      expect(code, stderr).toBe(0);
      expect(receiver.requests.map((r) => JSON.parse(r.body).id)).toEqual([9, 10]);
      expect(stderr).toContain(`  duplicate task.completed, not forwarded again to ${receiver.url}/in\n`);
      expect(stderr.trim().split('\n').at(-1)).toBe(
        'received 3, verified 3, rejected 0, duplicates 1, forwarded 2 ok / 0 failed',
      );
      const kept = await rows(configDir);
      const duplicate = await runInProcess(['webhooks', 'deliveries', 'show', kept[1]!.id, '-o', 'json'], {
        configDir,
      });
      expect(JSON.parse(duplicate.stdout)).toMatchObject({ duplicate: true, forwarded_to: [] });
    } finally {
      await receiver.close();
    }
  });
});

describe('a flood of forgeries cannot push verified deliveries out of the inbox', () => {
  it('rejected deliveries take at most a tenth of --inbox-size: every verified one is still listed', async () => {
    registerSecret(GIVEN);
    const configDir = makeConfigDir();
    const listener = await listen(['--secret', GIVEN, '--inbox-size', '20', '-q'], configDir);
    for (let n = 1; n <= 8; n++)
      expect(await post(listener.url, task(n), { Signature: signBody(GIVEN, task(n)) })).toBe(204);
    for (let n = 0; n < 60; n++) expect(await post(listener.url, task(1000 + n), {})).toBe(401);
    await listener.stop();
    const kept = await rows(configDir);
    expect(kept.filter((r) => r.verdict === 'verified')).toHaveLength(8);
    expect(kept.filter((r) => r.verdict === 'rejected')).toHaveLength(2);
    const newest = await runInProcess(['webhooks', 'deliveries', 'show', kept[0]!.id, '-o', 'json'], { configDir });
    expect(JSON.parse(newest.stdout).payload.id).toBe(1059);
  });
});

describe('a symbolic link planted in the inbox', () => {
  it('is not written through: listen refuses to start naming it, and the file it names is untouched', async () => {
    if (process.platform === 'win32') return;
    const configDir = makeConfigDir();
    const first = await listen(['-q'], configDir);
    await first.stop();
    const dir = join(configDir, 'data', 'inbox', 'default');
    const outside = join(mkdtempSync(join(tmpdir(), 'pwctl-outside-')), 'important.txt');
    writeFileSync(outside, 'keep me as I am\n');
    symlinkSync(outside, join(dir, 'seg-0000000002.ndjson'));
    const result = await runCli(['webhooks', 'listen', '--port', '0'], { configDir });
    expectOneErrorLine(
      result,
      1,
      /^error: cannot keep deliveries in .*inbox\/default \(seg-0000000002\.ndjson in the inbox is a symbolic link, not a segment file pwctl wrote: it is not written or read through; remove it\); set PWCTL_DATA_DIR to a directory of your own, or pass --no-inbox$/,
    );
    expect(readFileSync(outside, 'utf8')).toBe('keep me as I am\n');
  });
});
