// The config directory holds tokens, webhook secrets and the embedded sandbox's state: the
// first command that creates it, whichever that is, creates it 0700 (not 0755 until a later
// write tightens it).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeConfigDir, runInProcess } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();

const mode = (path: string) => statSync(path).mode & 0o777;

describe('the config directory is created private by the first command that needs it', () => {
  it.each([
    ['--sandbox steps list', ['--sandbox', 'steps', 'list', '--limit', '1'], 'sandbox-state.json'],
    ['sandbox reset', ['sandbox', 'reset'], 'sandbox-state.json'],
    ['config set', ['config', 'set', 'output', 'json'], 'config.json'],
  ])('%s', async (_, args, file) => {
    const configDir = join(makeConfigDir(), 'fresh', 'pwctl');
    const r = await runInProcess(args, { configDir });
    expect(r.code, r.stderr).toBe(0);
    expect(mode(configDir)).toBe(0o700);
    expect(mode(join(configDir, file))).toBe(0o600);
  });

  it('a list that only fills the completion id cache', async () => {
    const configDir = join(makeConfigDir(), 'fresh', 'pwctl');
    const r = await cli.pw(['milestones', 'list'], { configDir });
    expect(r.code, r.stderr).toBe(0);
    expect(mode(configDir)).toBe(0o700);
    expect(mode(join(configDir, 'cache'))).toBe(0o700);
  });
});
