// The daily new-version check, with the built CLI on a real terminal against a local feed:
// the check runs in a detached process, a later run shows the newer release once a day with
// the upgrade command for how pwctl was installed, and nothing happens in CI, into a pipe,
// with PWCTL_NO_UPDATE_NOTIFIER, or without a feed URL. "A day later" is the state file's
// timestamps moved back a day.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, makeConfigDir, runCli, runInProcess, TEST_EXECUTABLE } from '../helpers/cli.js';
import { hasPty, runInPty } from '../helpers/pty.js';

const NOTICE = /A new release of pwctl is available: \S+ → 9\.1\.0/;
let feed: Server;
let feedUrl = '';
/** The query of each request: every config directory names the feed with its own. */
const asked: string[] = [];

beforeAll(async () => {
  feed = createServer((_req, res) => {
    asked.push(new URL(_req.url ?? '/', 'http://x').searchParams.get('dir') ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ version: '9.1.0', url: 'https://example.invalid/pwctl/v9.1.0' }));
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/latest.json`;
});
afterAll(() => new Promise<void>((resolve) => feed.close(() => resolve())));

/** A config directory whose profile names the feed (or, given null, none). */
async function configured(url: string | null = feedUrl): Promise<string> {
  const configDir = makeConfigDir();
  await runInProcess(['config', 'set', 'output', 'json'], { configDir });
  const tagged = url && `${url}?dir=${encodeURIComponent(configDir)}`;
  if (tagged) expect((await runInProcess(['config', 'set', 'update_feed_url', tagged], { configDir })).code).toBe(0);
  return configDir;
}

const statePath = (configDir: string) => join(configDir, 'update-check.json');
const state = (configDir: string) =>
  existsSync(statePath(configDir)) ? JSON.parse(readFileSync(statePath(configDir), 'utf8')) : undefined;

async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 50) {
    if (waited > 15_000) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const askedBy = (configDir: string) => asked.filter((dir) => dir === configDir).length;

const onTerminal = (configDir: string, env: Record<string, string> = {}) =>
  runInPty(['config', 'get', 'output'], { env: { ...baseEnv(configDir), ...env } });

describe.skipIf(!hasPty)('the update notifier on a terminal', () => {
  it('checks in the background, shows a newer release once a day with the upgrade command, then checks again a day later', async () => {
    const configDir = await configured();
    const first = await onTerminal(configDir);
    expect(first.code).toBe(0);
    expect(first.output).not.toMatch(NOTICE);
    await until(() => state(configDir)?.latest?.version === '9.1.0', 'the background check recorded 9.1.0');
    expect(askedBy(configDir)).toBe(1);

    const second = await onTerminal(configDir);
    expect(second.output).toMatch(NOTICE);
    expect(second.output).toContain(
      TEST_EXECUTABLE ? `download it (below) and replace ${TEST_EXECUTABLE}` : 'npm install -g pwctl@latest',
    );
    expect(second.output).toContain('https://example.invalid/pwctl/v9.1.0');
    // The command's own output comes first, the notice after it, on stderr.
    expect(second.output.indexOf('json')).toBeLessThan(second.output.search(NOTICE));

    expect((await onTerminal(configDir)).output).not.toMatch(NOTICE);
    expect(askedBy(configDir)).toBe(1);

    const dayAgo = (time: number) => time - 86_400_000 - 1000;
    const old = state(configDir);
    writeFileSync(
      statePath(configDir),
      JSON.stringify({ ...old, checked_at: dayAgo(old.checked_at), notified_at: dayAgo(old.notified_at) }),
    );
    expect((await onTerminal(configDir)).output).toMatch(NOTICE);
    await until(() => askedBy(configDir) === 2, 'a second check a day later');
  }, 120_000);

  it('says nothing and asks nothing in CI, with PWCTL_NO_UPDATE_NOTIFIER, or into a pipe', async () => {
    const configDir = await configured();
    writeFileSync(statePath(configDir), JSON.stringify({ latest: { version: '9.1.0' } }));
    for (const env of [{ CI: 'true' }, { PWCTL_NO_UPDATE_NOTIFIER: '1' }] as Record<string, string>[]) {
      const run = await onTerminal(configDir, env);
      expect(run.code).toBe(0);
      expect(run.output).not.toMatch(NOTICE);
    }
    const piped = await runCli(['config', 'get', 'output'], { configDir });
    expect(piped.stderr).toBe('');
    expect(state(configDir)).toEqual({ latest: { version: '9.1.0' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(askedBy(configDir)).toBe(0);
  }, 60_000);

  it('asks no feed when none is configured', async () => {
    const configDir = await configured(null);
    expect((await onTerminal(configDir)).output).not.toMatch(NOTICE);
    // The day's look is recorded, so the next runs read one timestamp; nothing was asked.
    expect(state(configDir)?.checked_at).toEqual(expect.any(Number));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(askedBy(configDir)).toBe(0);
    expect(state(configDir)?.latest).toBeUndefined();
  });
});
