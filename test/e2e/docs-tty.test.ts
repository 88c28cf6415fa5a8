// What `docs` does for a person at a terminal, which a child process with pipes cannot
// show: the program runs in-process with TTY streams, against the sandbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run as runProgram } from '../../src/cli/main.js';
import { seedDocumentUuid, type RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, makeConfigDir } from '../helpers/cli.js';
import { memoryTerminal } from '../helpers/fake-io.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

const BLUE = seedDocumentUuid(85);
let sb: RunningSandbox;

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());
beforeEach(() => sb.reset('demo'));

async function run(args: string[], answer?: string) {
  // A person at a 120-column terminal who answers a confirmation once it has been asked.
  const t = memoryTerminal({
    tty: true,
    columns: 120,
    keepStdinOpen: true,
    onStderr: (text) => answer !== undefined && /\[y\/N\] $/.test(text) && t.stdin.write(`${answer}\n`),
  });
  const env = { ...baseEnv(makeConfigDir()), ...sandboxEnv(sb), NO_COLOR: '1' };
  const code = await runProgram(args, env, t.terminal);
  return { code, stdout: t.stdout.text(), stderr: t.stderr.text() };
}

describe('docs on a terminal', () => {
  it('get --content shows the body with control characters made visible', async () => {
    sb.state.documents[BLUE]!.content = 'Calm\n\u001b]52;c;cGF5bG9hZA==\u0007coast';
    const r = await run(['docs', 'get', BLUE, '--content']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/title: +Blue Harbor creative brief\n/);
    expect(r.stdout.endsWith('\n\nCalm\n^[]52;c;cGF5bG9hZA==^Gcoast\n')).toBe(true);
    expect(r.stdout).not.toContain('\u001b');
  });

  it('--fields content shows the body alone, escaped and ending in a newline', async () => {
    sb.state.documents[BLUE]!.content = 'Line one\n\u001b[2Jgone';
    const r = await run(['docs', 'get', BLUE, '--fields', 'content']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Line one\n^[[2Jgone\n');
  });

  it('delete asks first: "n" deletes nothing and fails, "y" deletes', async () => {
    const no = await run(['docs', 'delete', BLUE], 'n');
    expect(no.stderr).toContain(`Delete document "Blue Harbor creative brief" (${BLUE}) and its attachments? [y/N] `);
    expect(no.code).toBe(2);
    expect(no.stderr).toMatch(/error: cancelled; nothing was sent/);
    expect(sb.state.documents[BLUE]).toBeDefined();

    const yes = await run(['docs', 'delete', BLUE], 'y');
    expect(yes.code).toBe(0);
    expect(sb.state.documents[BLUE]).toBeUndefined();
  });

  it('milestones delete asks too', async () => {
    const r = await run(['milestones', 'delete', '72', '73'], 'yes');
    expect(r.stderr).toContain('Permanently delete 2 milestones: "Launch" (72), "Brand reveal" (73)? [y/N] ');
    expect(r.code).toBe(0);
    expect(sb.state.milestones[72]).toBeUndefined();
    expect(sb.state.milestones[73]).toBeUndefined();
  });
});
