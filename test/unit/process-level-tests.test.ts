// CI runs the process-level tests a second time, against the standalone executable; which
// files those are is derived from the tests (scripts/process-level-tests.mjs), and that
// holds only while every child-process run of pwctl goes through cliCommand() or CLI_PROGRAM.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { processLevelTests } from '../../scripts/process-level-tests.mjs';
import { ROOT } from '../helpers/cli.js';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });

describe('the process-level tests', () => {
  it('start the built CLI only through cliCommand() or CLI_PROGRAM', () => {
    const direct = files(join(ROOT, 'test'))
      .filter((file) => !file.endsWith(join('helpers', 'cli.ts')) && !file.endsWith('process-level-tests.test.ts'))
      .filter((file) => {
        const code = readFileSync(file, 'utf8').replace(/^\s*(\/\/|\/?\*).*$/gm, '');
        return /\bBIN\b|bin[\\/]pwctl|'bin', 'pwctl/.test(code);
      })
      .map((file) => relative(ROOT, file));
    expect(direct).toEqual([]);
  });

  it('are the files that use a helper starting it, through the sandbox fixture, a terminal, MCP or a listener', () => {
    const listed = processLevelTests();
    for (const file of [
      'test/e2e/built-cli.test.ts',
      'test/e2e/steps-tty.test.ts',
      'test/e2e/completion-shells.test.ts',
      'test/e2e/mcp.test.ts',
      'test/e2e/auth-keyring.test.ts',
      'test/e2e/update-notifier.test.ts',
      'test/reliability/pipes.test.ts',
      'test/reliability/webhook-attack.test.ts',
    ])
      expect(listed).toContain(file);
    for (const file of ['test/e2e/steps.test.ts', 'test/unit/settings.test.ts', 'test/sandbox/steps.test.ts'])
      expect(listed).not.toContain(file);
  });
});
