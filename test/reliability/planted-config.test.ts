// A planted config and the programs pwctl starts. A config directory or file that another
// user owns, or that its group or others can write, is refused as ssh refuses such a
// ~/.ssh (a config.json planted in a shared directory would send the user's PWCTL_TOKEN to
// the planter's server); the shell completer ignores it without a word; a directory or file
// merely readable by others is used. `sandbox serve` on an address other machines reach says
// that its printed tokens reach them too. (The pager's environment: test/e2e/table-tty.test.ts.)
import { chmodSync, chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CANARY_TOKEN, makeConfigDir, runCli, runInProcess, startCli } from '../helpers/cli.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

/** Tests run as root here; chown to another user needs that. */
const isRoot = process.getuid?.() === 0;
const OTHER_UID = 65534;

let server: StubServer;
beforeAll(async () => {
  server = await startStubServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.on('GET /api/v1/steps', { status: 200, body: { data: [], links: { next: null } } });
});

/** A config directory holding a config.json that sends the default profile to the stub server. */
function plantedStore(dirMode: number, fileMode = 0o600): { dir: string; file: string } {
  const dir = join(makeConfigDir(), 'shared');
  mkdirSync(dir);
  const file = join(dir, 'config.json');
  writeFileSync(
    file,
    JSON.stringify({ profiles: { default: { base_url: server.url }, planted: { base_url: server.url } } }),
  );
  chmodSync(file, fileMode);
  chmodSync(dir, dirMode);
  return { dir, file };
}

/** The victim: a token in the environment, and a command that sends it to the configured base URL. */
const listSteps = (configDir: string) =>
  runInProcess(['steps', 'list'], { configDir, env: { PWCTL_TOKEN: CANARY_TOKEN } });

function expectRefused(result: { code: number | null; stdout: string; stderr: string }, message: RegExp): void {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^error: [^\n]+\n$/);
  expect(result.stderr).toMatch(message);
  // Nothing was sent anywhere: the token never left.
  expect(server.requests).toEqual([]);
}

describe.skipIf(process.platform === 'win32')('a config directory or file others control is refused', () => {
  it('a world-writable directory (a planted config.json): refused with the chmod that fixes it, and no request made', async () => {
    const { dir } = plantedStore(0o777);
    expectRefused(
      await listSteps(dir),
      new RegExp(
        `^error: config directory "${dir}" is writable by its group and others, who could make it send your token anywhere; fix it with chmod 700 "${dir}"\\n$`,
      ),
    );
  });

  it('so is a sticky /tmp-like directory, and one writable by its group only', async () => {
    expectRefused(await listSteps(plantedStore(0o1777).dir), /is writable by its group and others/);
    expectRefused(await listSteps(plantedStore(0o770).dir), /is writable by its group, who could .*chmod 700/);
  });

  it('a config file writable by its group or others: refused with chmod 600', async () => {
    const { dir, file } = plantedStore(0o700, 0o666);
    expectRefused(
      await listSteps(dir),
      new RegExp(
        `^error: config file "${file}" is writable by its group and others, .*; fix it with chmod 600 "${file}"\\n$`,
      ),
    );
    chmodSync(file, 0o620);
    expectRefused(await listSteps(dir), /config file .* is writable by its group,/);
  });

  it.skipIf(!isRoot)('a directory or file owned by another user: refused, naming chown', async () => {
    const { dir, file } = plantedStore(0o700);
    chownSync(dir, OTHER_UID, OTHER_UID);
    expectRefused(
      await listSteps(dir),
      new RegExp(
        `^error: config directory "${dir}" belongs to another user \\(uid ${OTHER_UID}\\), .*chown 0 "${dir}"\\)\\n$`,
      ),
    );
    chownSync(dir, 0, 0);
    chownSync(file, OTHER_UID, OTHER_UID);
    expectRefused(await listSteps(dir), new RegExp(`^error: config file "${file}" belongs to another user`));
  });

  it('a write refuses too, before touching anything', async () => {
    const { dir } = plantedStore(0o777);
    const r = await runInProcess(['config', 'set', 'output', 'json'], { configDir: dir });
    expectRefused(r, /chmod 700/);
  });

  it('a directory and file merely readable by others are used', async () => {
    const { dir } = plantedStore(0o755, 0o644);
    const r = await listSteps(dir);
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests.map((q) => q.url)).toEqual([expect.stringMatching(/^\/api\/v1\/steps\?/)]);
  });

  it('the shell completer ignores an unsafe store without a word, and reads a safe one', async () => {
    const tab = (configDir: string) => runCli(['__complete', 'bash', '--', '--profile', ''], { configDir });
    const unsafe = await tab(plantedStore(0o777).dir);
    expect(unsafe.code).toBe(0);
    expect(unsafe.stderr).toBe('');
    expect(unsafe.stdout.split('\n')).not.toContain('planted');
    const safe = await tab(plantedStore(0o700).dir);
    expect(safe.stdout.split('\n')).toContain('planted');
  });
});

describe('sandbox serve --host', () => {
  async function serve(host: string): Promise<string> {
    const running = startCli(['sandbox', 'serve', '--port', '0', '--host', host], { allowSecrets: true });
    await running.waitFor('stdout', /Press Ctrl\+C to stop/);
    running.child.kill('SIGINT');
    const r = await running.result;
    expect(r.code, r.stderr).toBe(0);
    return r.stderr;
  }

  it('warns that the printed tokens reach anyone on the network when the address is not loopback', async () => {
    expect(await serve('0.0.0.0')).toMatch(
      /^warning: --host 0\.0\.0\.0 is reachable from other machines: anyone on that network can reach this sandbox, and the tokens printed here let them read and change its data; bind to 127\.0\.0\.1 unless that is what you want$/m,
    );
  });

  it('says nothing of the kind on a loopback address', async () => {
    expect(await serve('127.0.0.1')).not.toMatch(/warning/);
    expect(await serve('localhost')).not.toMatch(/warning/);
  });
});
