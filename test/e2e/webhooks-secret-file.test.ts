// A --secret-file its group or others can read or change (issue 34): `verify`, `trigger` and
// `listen` still use it, and warn once, as ssh warns of a key file; a 0600 file is not warned
// about. Real files of each mode; listen as a real process.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signBody } from '../../src/webhooks/signature.js';
import { makeConfigDir, registerSecret, runInProcess, startCli } from '../helpers/cli.js';

const SECRET = 'whsec_trust_file_secret_0b7d2c';
const BODY = '{"id":1}';

function secretFile(mode: number): string {
  registerSecret(SECRET);
  const file = join(mkdtempSync(join(tmpdir(), 'pwctl-secret-file-')), 'hooks.secret');
  writeFileSync(file, `${SECRET}\n`);
  chmodSync(file, mode);
  return file;
}

const verify = (file: string) =>
  runInProcess(['webhooks', 'verify', '--secret-file', file, '--signature', signBody(SECRET, BODY)], { stdin: BODY });

describe('--secret-file that others can read', () => {
  it('is used with one warning naming the file, its mode and chmod 600 (verify, trigger, listen); 0600 is not warned about', async () => {
    if (process.platform === 'win32') return;
    const loose = secretFile(0o644);
    const warning = `warning: --secret-file ${JSON.stringify(loose)} has mode 0644: other users of this machine can read the signing secrets in it; run chmod 600 ${JSON.stringify(loose)}\n`;
    const verified = await verify(loose);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stderr).toBe(`${warning}✓ signature matches the 8-byte body\n`);
    const triggered = await runInProcess([
      'webhooks',
      'trigger',
      'task.created',
      '--to',
      'http://127.0.0.1:9/hooks',
      '--secret-file',
      loose,
      '--dry-run',
    ]);
    expect(triggered.code, triggered.stderr).toBe(0);
    expect(triggered.stderr).toContain(warning);
    const listener = startCli(['webhooks', 'listen', '--port', '0', '--secret-file', loose, '--no-inbox'], {
      configDir: makeConfigDir(),
    });
    await listener.waitFor('stderr', /listening on \S+/);
    expect(listener.output('stderr')).toContain(warning);
    listener.child.kill('SIGINT');
    expect((await listener.result).code).toBe(0);

    const quiet = await verify(secretFile(0o600));
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe('✓ signature matches the 8-byte body\n');
  });

  it('writable by its group is warned about too: someone else could add a secret of theirs', async () => {
    if (process.platform === 'win32') return;
    const writable = await verify(secretFile(0o620));
    expect(writable.code, writable.stderr).toBe(0);
    expect(writable.stderr).toMatch(
      /^warning: --secret-file ".*" has mode 0620: other users of this machine can change the signing secrets in it; run chmod 600 ".*"\n/,
    );
  });
});
