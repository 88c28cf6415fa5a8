// The first `webhooks listen` → `webhooks trigger <event>` just works (issue 32), as `stripe
// trigger` reaches `stripe listen`: a running listener registers itself in the config
// directory, trigger sends to it and signs with the secret the profile stored for the one
// subscription of that event, and the listen banner prints the line to run. Real processes:
// listeners are the built CLI, stopped with SIGINT or killed outright.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import {
  makeConfigDir,
  registerSecret,
  runCli,
  runInProcess,
  startCli,
  type CliResult,
  type RunningCli,
} from '../helpers/cli.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

interface Listener extends RunningCli {
  /** Origin plus path, from the ready line. */
  url: string;
  stop(): Promise<CliResult>;
}

const running = new Set<RunningCli>();
afterAll(() => {
  for (const r of running) r.child.kill('SIGKILL');
});

async function listen(configDir: string, args: string[] = []): Promise<Listener> {
  const cli = startCli(['webhooks', 'listen', '--port', '0', '-o', 'ndjson', ...args], {
    configDir,
    timeoutMs: 120_000,
  });
  running.add(cli);
  void cli.result.finally(() => running.delete(cli)).catch(() => {});
  await cli.waitFor('stderr', /listening on \S+|error: /);
  const url = /listening on (\S+)/.exec(cli.output('stderr'))?.[1];
  if (!url) throw new Error(`listen did not start: ${cli.output('stderr')}`);
  return {
    ...cli,
    url,
    stop() {
      cli.child.kill('SIGINT');
      return cli.result;
    },
  };
}

const registryOf = (configDir: string) => join(configDir, 'listeners');
const registered = (configDir: string) =>
  existsSync(registryOf(configDir)) ? readdirSync(registryOf(configDir)).filter((n) => n.endsWith('.json')) : [];

/** Exit 2 with one `error:` line matching `pattern`. */
function expectUsageError(result: CliResult, pattern: RegExp): void {
  expect(result.code, result.stderr).toBe(2);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(pattern);
}

const NO_LISTENER =
  /^error: --to <url> is needed: no `pwctl webhooks listen` of profile default is running to send to; start one \(in another terminal\), or pass --to <url>$/;

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

/** `webhooks create` against the sandbox, as a user does: the secret is stored in the profile. */
async function subscribe(
  configDir: string,
  event: string,
  url = 'http://127.0.0.1:8787/',
): Promise<{ id: number; secret: string }> {
  const created = await runInProcess(
    ['webhooks', 'create', '--url', url, '--event', event, '--company', '1', '-o', 'json'],
    { env: sandboxEnv(sb), configDir, allowSecrets: true },
  );
  expect(created.code, created.stderr).toBe(0);
  const hook = JSON.parse(created.stdout) as { id: number; secret: string };
  registerSecret(hook.secret);
  return hook;
}

describe('listen, then trigger <event> with nothing else', () => {
  const configDir = makeConfigDir();
  let hook: { id: number; secret: string };
  let listener: Listener;

  beforeAll(async () => {
    hook = await subscribe(configDir, 'task.completed');
    listener = await listen(configDir);
  });

  it('the banner prints a ready-made trigger line, before the ready line', () => {
    const lines = listener.output('stderr').trim().split('\n');
    expect(lines).toContain('try: pwctl webhooks trigger task.completed');
    expect(lines.at(-1)).toMatch(/^listening on /);
  });

  it('the listener registered its address, pid and profile (no secret) in a private file of the config directory', () => {
    const [name] = registered(configDir);
    expect(registered(configDir)).toHaveLength(1);
    const path = join(registryOf(configDir), name!);
    const text = readFileSync(path, 'utf8');
    expect(JSON.parse(text)).toMatchObject({
      pid: listener.child.pid,
      profile: 'default',
      url: listener.url,
      events: null,
    });
    // Only what trigger reads: which secret signs is read from the config store, as listen reads it.
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(['events', 'pid', 'profile', 'started_at', 'url']);
    expect(text).not.toContain(hook.secret);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('trigger task.completed sends to it, signed with the stored secret: the listener verifies it as that subscription', async () => {
    const sent = await runInProcess(['webhooks', 'trigger', 'task.completed', '-o', 'json'], { configDir });
    expect(sent.code, sent.stderr).toBe(0);
    expect(JSON.parse(sent.stdout)).toMatchObject({ event: 'task.completed', url: listener.url, status: 204 });
    // Said on stderr: what it found rather than was told.
    expect(sent.stderr).toBe(
      `sending task.completed to the running \`webhooks listen\` on ${listener.url} (pid ${listener.child.pid}), signed with the secret stored for subscription ${hook.id} of ${sb.baseUrl}\n`,
    );
    await listener.waitFor('stdout', /"event":"task\.completed"/);
    expect(JSON.parse(listener.output('stdout').trim())).toMatchObject({
      event: 'task.completed',
      subscription_id: hook.id,
      duplicate: false,
    });
  });

  it('an event no subscription stored a secret for still needs one (exit 2, before sending)', async () => {
    expectUsageError(
      await runInProcess(['webhooks', 'trigger', 'task.created'], { configDir }),
      /a signing secret is required: --secret-file <path> \(one secret per line\), PWCTL_WEBHOOK_SECRET, or --secret <s>; no subscription of profile default stored one for task\.created \(`pwctl webhooks create --event task\.created` does\)$/,
    );
  });

  it('two subscriptions of the event: exit 2 naming both and the flag to pick one; --subscription picks', async () => {
    const second = await subscribe(configDir, 'task.completed', listener.url);
    const before = listener.output('stdout');
    expectUsageError(
      await runInProcess(['webhooks', 'trigger', 'task.completed'], { configDir }),
      new RegExp(
        `^error: 2 subscriptions of profile default stored a secret for task\\.completed: ${hook.id} \\(.*\\), ${second.id} \\(.* → ${listener.url.replace(/[./]/g, '\\$&')}\\); pick one with --subscription <id> `,
      ),
    );
    // No service named (no --base-url, no base_url): the one service of the profile that stored that id.
    const picked = await runInProcess(['webhooks', 'trigger', '--subscription', String(second.id)], { configDir });
    expect(picked.code, picked.stderr).toBe(0);
    await listener.waitFor('stdout', new RegExp(`"subscription_id":${second.id}`));
    expect(listener.output('stdout').slice(before.length)).toMatch(new RegExp(`"subscription_id":${second.id}`));
  });

  it('a stopped listener takes its registration with it: trigger then says to start one or pass --to (exit 2)', async () => {
    expect((await listener.stop()).code).toBe(0);
    expect(registered(configDir)).toEqual([]);
    expectUsageError(await runInProcess(['webhooks', 'trigger', 'task.completed'], { configDir }), NO_LISTENER);
  });
});

describe('which listener trigger finds', () => {
  it("a killed listener's file is ignored, and removed by the next listener", async () => {
    const configDir = makeConfigDir();
    await subscribe(configDir, 'task.completed');
    const killed = await listen(configDir);
    killed.child.kill('SIGKILL');
    await killed.result;
    expect(registered(configDir)).toHaveLength(1);
    expectUsageError(await runInProcess(['webhooks', 'trigger', 'task.completed'], { configDir }), NO_LISTENER);

    const next = await listen(configDir);
    expect(registered(configDir)).toHaveLength(1);
    const sent = await runInProcess(['webhooks', 'trigger', 'task.completed', '-o', 'json'], { configDir });
    expect(sent.code, sent.stderr).toBe(0);
    expect(JSON.parse(sent.stdout).url).toBe(next.url);
    await next.stop();
  });

  it("a listener of another profile is not this profile's", async () => {
    const configDir = makeConfigDir();
    await subscribe(configDir, 'task.completed');
    const other = await listen(configDir, ['--profile', 'staging']);
    expectUsageError(await runInProcess(['webhooks', 'trigger', 'task.completed'], { configDir }), NO_LISTENER);
    await other.stop();
  });

  it('two listeners: the one whose --events shows the event; two that show it, exit 2 naming both', async () => {
    const configDir = makeConfigDir();
    await subscribe(configDir, 'task.completed');
    await subscribe(configDir, 'milestone.created');
    const tasks = await listen(configDir, ['--events', 'task.completed']);
    const everything = await listen(configDir);
    const toTasks = await runInProcess(['webhooks', 'trigger', 'task.completed'], { configDir });
    expectUsageError(
      toTasks,
      new RegExp(
        `^error: --to <url> is needed: 2 listeners of profile default are running \\(${tasks.url}, ${everything.url}\\); pass --to with one of them$`,
      ),
    );
    const milestone = await runInProcess(['webhooks', 'trigger', 'milestone.created', '-o', 'json'], { configDir });
    expect(milestone.code, milestone.stderr).toBe(0);
    expect(JSON.parse(milestone.stdout).url).toBe(everything.url);
    await tasks.stop();
    await everything.stop();
  });
});

describe('the banner line works as printed', () => {
  it('with --secret-file only: names the file; run as printed (the built CLI), it is accepted', async () => {
    const configDir = makeConfigDir();
    const file = join(configDir, 'hooks.secret');
    registerSecret('whsec_first_trigger_file_91c2');
    writeFileSync(file, 'whsec_first_trigger_file_91c2\n', { mode: 0o600 });
    const listener = await listen(configDir, ['--secret-file', file, '--events', 'milestone.created,task.created']);
    const line = /^try: (pwctl .*)$/m.exec(listener.output('stderr'))?.[1];
    expect(line).toBe(`pwctl webhooks trigger milestone.created --secret-file ${file}`);
    const sent = await runCli(line!.split(' ').slice(1), { configDir });
    expect(sent.code, sent.stderr).toBe(0);
    await listener.waitFor('stdout', /"event":"milestone\.created"/);
    await listener.stop();
  });

  it('with --profile: the line names the profile', async () => {
    const configDir = makeConfigDir();
    const created = await runInProcess(
      [
        '--profile',
        'staging',
        'webhooks',
        'create',
        '--url',
        'http://127.0.0.1:8787/',
        '--event',
        'task.created',
        '--company',
        '1',
        '-o',
        'json',
      ],
      { env: sandboxEnv(sb), configDir, allowSecrets: true },
    );
    expect(created.code, created.stderr).toBe(0);
    registerSecret((JSON.parse(created.stdout) as { secret: string }).secret);
    const staging = await listen(configDir, ['--profile', 'staging']);
    expect(staging.output('stderr')).toContain('try: pwctl --profile staging webhooks trigger task.created\n');
    const sent = await runInProcess(['--profile', 'staging', 'webhooks', 'trigger', 'task.created'], { configDir });
    expect(sent.code, sent.stderr).toBe(0);
    await staging.stop();
  });

  it('with only --secret (not printed, and not stored): no line; trigger still finds the listener, given the secret', async () => {
    const configDir = makeConfigDir();
    registerSecret('whsec_first_trigger_given_33d1');
    const listener = await listen(configDir, ['--secret', 'whsec_first_trigger_given_33d1']);
    expect(listener.output('stderr')).not.toMatch(/^try: /m);
    const sent = await runInProcess(
      ['webhooks', 'trigger', 'task.created', '--secret', 'whsec_first_trigger_given_33d1'],
      {
        configDir,
      },
    );
    expect(sent.code, sent.stderr).toBe(0);
    await listener.waitFor('stdout', /"event":"task\.created"/);
    await listener.stop();
  });
});
