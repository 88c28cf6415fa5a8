// The fixture most end-to-end files share: one sandbox per file (demo data restored before
// each test), the CLI run against it as a chosen role — in the test process, or built as a
// child process — and the requests a test made.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { RequestLogEntry, Role, RunningSandbox, SandboxOptions } from '../../src/sandbox/index.js';
import { runCli, runInProcess, type CliResult, type RunOptions } from './cli.js';
import { sandboxEnv, startTestSandbox } from './sandbox.js';

export interface SandboxCli {
  /** The running sandbox (available once the file's beforeAll has run). */
  readonly sb: RunningSandbox;
  /** Run the CLI in the test process against the sandbox as `role` (default: manager). */
  pw(args: string[], opts?: RunOptions & { role?: Role }): Promise<CliResult>;
  /** The same, through the built CLI as a child process (bin/pwctl.js → dist/), for what only a process shows. */
  pwBin(args: string[], opts?: RunOptions & { role?: Role }): Promise<CliResult>;
  /** Requests made since the current test began whose path starts with `prefix`. */
  sent(prefix: string | RegExp, method?: string): RequestLogEntry[];
  /** Count requests from here on (a test's second phase). */
  mark(): void;
  /** Exit 2, exactly one `error:` line matching `pattern`, and no request made by this test. */
  expectUsageError(result: CliResult, pattern: RegExp): void;
}

export function useSandboxCli(options?: SandboxOptions): SandboxCli {
  let sandbox: RunningSandbox | undefined;
  let mark = 0;
  beforeAll(async () => {
    sandbox = await startTestSandbox(options);
  });
  afterAll(() => sandbox?.close());
  beforeEach(() => {
    sandbox!.faults.clear();
    sandbox!.reset('demo');
    mark = sandbox!.requests.length;
  });
  return {
    get sb() {
      if (!sandbox) throw new Error('the sandbox starts in beforeAll');
      return sandbox;
    },
    pw(args, opts = {}) {
      return runInProcess(args, { ...opts, env: { ...sandboxEnv(sandbox!, opts.role ?? 'manager'), ...opts.env } });
    },
    pwBin(args, opts = {}) {
      return runCli(args, { ...opts, env: { ...sandboxEnv(sandbox!, opts.role ?? 'manager'), ...opts.env } });
    },
    expectUsageError(result, pattern) {
      expect(result.code).toBe(2);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^error: /);
      expect(lines[0]).toMatch(pattern);
      expect(sandbox!.requests.slice(mark)).toEqual([]);
    },
    mark() {
      mark = sandbox!.requests.length;
    },
    sent(prefix, method) {
      const matches = (path: string) => (typeof prefix === 'string' ? path.startsWith(prefix) : prefix.test(path));
      return sandbox!.requests.slice(mark).filter((r) => matches(r.path) && (!method || r.method === method));
    },
  };
}
