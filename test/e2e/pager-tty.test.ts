// Long records and diffs through the pager on a real pseudo-terminal: `docs get --content`,
// `webhooks deliveries show` and `docs diff` taller than the screen go to PWCTL_PAGER (then the
// config key `pager`, then PAGER), here a script that records what it was given; short ones,
// --no-pager, an empty PWCTL_PAGER and pipes never do; a pager that is not there is no error:
// the text is printed. Skipped where `script` is missing.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, makeConfigDir, runCli, runInProcess } from '../helpers/cli.js';
import { keepDeliveries } from '../helpers/inbox.js';
import { hasPty, runInPty } from '../helpers/pty.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
const configDir = makeConfigDir();
const dir = mkdtempSync(join(tmpdir(), 'pwctl-pager-'));
const LONG_BODY = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of the long brief.`).join('\n\n');
let longDoc = '';
let shortDoc = '';
let delivery = '';

beforeAll(async () => {
  sb = await startTestSandbox();
  const create = async (title: string, content: string) => {
    const r = await runInProcess(
      ['docs', 'create', '--title', title, '--content', content, '--company', '1', '-o', 'json'],
      { env: sandboxEnv(sb), configDir },
    );
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout).uuid as string;
  };
  longDoc = await create('Long brief', LONG_BODY);
  shortDoc = await create('Short note', 'Two lines.');
  const payload = JSON.stringify({ id: 101, title: 'Kickoff', items: Array.from({ length: 40 }, (_, i) => i) });
  delivery = (await keepDeliveries(baseEnv(configDir), [payload]))[0]!;
});
afterAll(() => sb.close());

let run = 0;
/** A pager that records what it was given in a file of its own. */
function fakePager(): { command: string; paged: () => string | undefined } {
  const base = join(dir, `pager-${++run}`);
  writeFileSync(`${base}.sh`, `#!/bin/sh\ncat > '${base}.out'\n`);
  chmodSync(`${base}.sh`, 0o755);
  return {
    command: `${base}.sh`,
    paged: () => (existsSync(`${base}.out`) ? readFileSync(`${base}.out`, 'utf8') : undefined),
  };
}

function onTerminal(args: string[], env: Record<string, string>, rows = 30) {
  return runInPty(args, { cols: 100, rows, env: { ...baseEnv(configDir), ...sandboxEnv(sb), ...env } });
}

describe.skipIf(!hasPty)('the pager, for long records and diffs', () => {
  it('docs get --content taller than the screen: the record and its body, through PWCTL_PAGER', async () => {
    const pager = fakePager();
    const r = await onTerminal(['docs', 'get', longDoc, '--content'], { PWCTL_PAGER: pager.command });
    expect(r.code).toBe(0);
    const paged = pager.paged()?.replace(/\u001b\[\d+m/g, '');
    expect(paged).toMatch(/title: +Long brief/);
    expect(paged).toContain('Paragraph 1 of the long brief.');
    expect(paged).toContain('Paragraph 60 of the long brief.');
    // The pager showed it; pwctl did not print it as well.
    expect(r.output).not.toContain('Paragraph 60');
  });

  it('a short record is printed, not paged', async () => {
    const pager = fakePager();
    const r = await onTerminal(['docs', 'get', shortDoc, '--content'], { PWCTL_PAGER: pager.command });
    expect(r.code).toBe(0);
    expect(r.output).toContain('Two lines.');
    expect(pager.paged()).toBeUndefined();
  });

  it('webhooks deliveries show: the record, headers and payload through the pager', async () => {
    const pager = fakePager();
    const r = await onTerminal(['webhooks', 'deliveries', 'show', delivery], { PWCTL_PAGER: pager.command });
    expect(r.code).toBe(0);
    const paged = pager.paged()!;
    expect(paged).toContain('Headers:');
    expect(paged).toContain('Payload:');
    expect(paged).toMatch(/"title": "Kickoff"/);
  });

  it('docs diff: the coloured diff through the pager; the summary stays on the terminal', async () => {
    const pulled = join(mkdtempSync(join(tmpdir(), 'pwctl-pager-diff-')), 'docs');
    expect((await runInProcess(['docs', 'pull', pulled, '-q'], { env: sandboxEnv(sb), configDir })).code).toBe(0);
    const file = join(pulled, 'long-brief.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/Paragraph (\d+) of the long/g, 'Part $1 of the edited'));
    const pager = fakePager();
    const r = await onTerminal(['docs', 'diff', file], { PWCTL_PAGER: pager.command });
    expect(r.code).toBe(1);
    const paged = pager.paged()!;
    expect(paged).toContain('\u001b[31m-Paragraph 1 of the long brief.');
    expect(paged).toContain('\u001b[32m+Part 60 of the edited brief.');
    expect(r.output).toContain('the file differs from the service');
    expect(r.output).not.toContain('Part 60');
  });

  it('the config key pager, after PWCTL_PAGER and before PAGER', async () => {
    const configured = fakePager();
    const fromPager = fakePager();
    const set = await runCli(['config', 'set', 'pager', configured.command], { configDir });
    expect(set.code, set.stderr).toBe(0);
    try {
      const r = await onTerminal(['docs', 'get', longDoc, '--content'], { PAGER: fromPager.command });
      expect(r.code).toBe(0);
      expect(configured.paged()).toContain('Paragraph 60');
      expect(fromPager.paged()).toBeUndefined();
    } finally {
      await runCli(['config', 'unset', 'pager'], { configDir });
    }
    const r = await onTerminal(['docs', 'get', longDoc, '--content'], { PAGER: fromPager.command });
    expect(r.code).toBe(0);
    expect(fromPager.paged()).toContain('Paragraph 60');
  });

  it('--no-pager and an empty PWCTL_PAGER print it all', async () => {
    for (const [args, env] of [
      [['--no-pager'], {}],
      [[], { PWCTL_PAGER: '' }],
    ] as const) {
      const pager = fakePager();
      const r = await onTerminal(['docs', 'get', longDoc, '--content', ...args], { PAGER: pager.command, ...env });
      expect(r.code).toBe(0);
      expect(r.output).toContain('Paragraph 60 of the long brief.');
      expect(pager.paged()).toBeUndefined();
    }
  });

  it('a pager that is not there: printed straight, exit 0', async () => {
    const r = await onTerminal(['docs', 'get', longDoc, '--content'], { PWCTL_PAGER: join(dir, 'no-such-pager') });
    expect(r.code).toBe(0);
    expect(r.output).toContain('Paragraph 60 of the long brief.');
  });
});

describe('into a pipe', () => {
  it('never pages, whatever PWCTL_PAGER says', async () => {
    const pager = fakePager();
    const r = await runCli(['docs', 'get', longDoc, '--content'], {
      env: { ...sandboxEnv(sb), PWCTL_PAGER: pager.command },
      configDir,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Paragraph 60 of the long brief.');
    expect(pager.paged()).toBeUndefined();
  });
});
