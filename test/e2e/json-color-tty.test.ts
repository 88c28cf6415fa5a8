// JSON on a terminal is coloured as `gh api` colours it (keys, strings, numbers, booleans,
// null each their own colour), on a real pseudo-terminal; never into a pipe unless
// FORCE_COLOR says so (as chalk has it); NO_COLOR and --no-color turn it off; the service's
// text is still sanitised inside the colours. Skipped where `script` is missing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, makeConfigDir, runCli } from '../helpers/cli.js';
import { hasPty, runInPty } from '../helpers/pty.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
const configDir = makeConfigDir();

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());
beforeEach(() => sb.reset('demo'));

const ESC = '\u001b';
const KEY = (name: string) => `${ESC}[1m${ESC}[34m"${name}"${ESC}[39m${ESC}[22m:`;
const GREEN = (text: string) => `${ESC}[32m${text}${ESC}[39m`;
const CYAN = (text: string) => `${ESC}[36m${text}${ESC}[39m`;
const YELLOW = (text: string) => `${ESC}[33m${text}${ESC}[39m`;
const GRAY = (text: string) => `${ESC}[90m${text}${ESC}[39m`;

function onTerminal(args: string[], env: Record<string, string> = {}) {
  return runInPty(args, { cols: 120, rows: 60, env: { ...baseEnv(configDir), ...sandboxEnv(sb), ...env } });
}

describe.skipIf(!hasPty)('JSON on a terminal', () => {
  it('colours keys, strings, numbers, booleans and null apart', async () => {
    const r = await onTerminal(['steps', 'get', '102', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.output).toContain(`${KEY('id')} ${CYAN('102')},`);
    expect(r.output).toContain(`${KEY('title')} ${GREEN('"Collect brand assets"')},`);
    expect(r.output).toContain(`${KEY('completed')} ${YELLOW('true')},`);
    expect(r.output).toContain(`${KEY('is_approval')} ${YELLOW('false')},`);
    expect(r.output).toContain(`${KEY('approval_status')} ${GRAY('null')},`);
  });

  it('colours a list, and -o ndjson, the same way', async () => {
    const list = await onTerminal(['steps', 'list', '--limit', '2', '-o', 'json', '--fields', 'id,title']);
    expect(list.code).toBe(0);
    expect(list.output).toContain(`${KEY('id')} ${CYAN('101')},`);
    const ndjson = await onTerminal(['steps', 'list', '--limit', '1', '-o', 'ndjson', '--fields', 'id']);
    expect(ndjson.output).toContain(`{${KEY('id')}${CYAN('101')}}`);
  });

  it('colours `api` answers, as gh api does', async () => {
    const r = await onTerminal(['api', '/api/v1/steps/102']);
    expect(r.code).toBe(0);
    expect(r.output).toContain(`${KEY('id')} ${CYAN('102')},`);
  });

  it('is plain with NO_COLOR or --no-color', async () => {
    for (const [args, env] of [
      [['steps', 'get', '102', '-o', 'json'], { NO_COLOR: '1' }],
      [['steps', 'get', '102', '-o', 'json', '--no-color'], {}],
    ] as const) {
      const r = await onTerminal([...args], env);
      expect(r.code).toBe(0);
      expect(r.output).toContain('"id": 102,');
      expect(r.output).not.toContain(ESC);
    }
  });

  it("still sanitises the service's text inside the colours", async () => {
    sb.state.steps[102]!.title = `Evil ${ESC}]0;pwned\u0007 \u202eright-to-left`;
    const r = await onTerminal(['steps', 'get', '102', '-o', 'json', '--fields', 'title']);
    expect(r.code).toBe(0);
    // JSON's own escapes for what it escapes, the sanitiser's visible form for what it does not.
    expect(r.output).toContain(GREEN(String.raw`"Evil \u001b]0;pwned\u0007 \u202eright-to-left"`));
    expect(r.output).not.toContain('\u202e');
    expect(r.output).not.toContain(`${ESC}]0;`);
  });
});

describe('JSON into a pipe', () => {
  it('is never coloured, unless FORCE_COLOR asks', async () => {
    const plain = await runCli(['steps', 'get', '102', '-o', 'json'], { env: sandboxEnv(sb), configDir });
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain(ESC);
    expect(JSON.parse(plain.stdout).id).toBe(102);
    const forced = await runCli(['steps', 'get', '102', '-o', 'json'], {
      env: { ...sandboxEnv(sb), FORCE_COLOR: '1' },
      configDir,
    });
    expect(forced.stdout).toContain(`${KEY('id')} ${CYAN('102')},`);
  });
});
