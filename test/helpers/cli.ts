// Runs the CLI with an isolated config directory and a clean environment: in the test
// process (runInProcess: how verbs are tested), or built (bin/pwctl.js → dist/) as a child
// process the way a user's shell or CI would (runCli, startCli).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { expect } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { memoryTerminal } from './fake-io.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'bin', 'pwctl.js');

/**
 * The standalone executable (`npm run dist`) named by PWCTL_TEST_EXECUTABLE: CI runs the
 * process-level tests against it too (the files `node scripts/process-level-tests.mjs` lists).
 */
export const TEST_EXECUTABLE = process.env.PWCTL_TEST_EXECUTABLE
  ? resolve(process.env.PWCTL_TEST_EXECUTABLE)
  : undefined;

/**
 * The program and arguments that run the built CLI with `args` in a child process:
 * `node bin/pwctl.js …`, or the executable. Every child-process run of pwctl goes through it.
 */
export function cliCommand(args: readonly string[] = []): [string, string[]] {
  return TEST_EXECUTABLE ? [TEST_EXECUTABLE, [...args]] : [process.execPath, [BIN, ...args]];
}

/**
 * `node <root>/bin/pwctl.js …`: the npm package's layout copied to `root` (tests of a damaged
 * install). Only the npm layout has one; the executable unpacks its own.
 */
export function packageCopyCommand(root: string, args: readonly string[]): [string, string[]] {
  return [process.execPath, [join(root, 'bin', 'pwctl.js'), ...args]];
}

/** The file a shell runs as `pwctl` (tests put a link to it on PATH). */
export const CLI_PROGRAM = TEST_EXECUTABLE ?? BIN;

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /**
   * This call legitimately prints a secret (`auth token`, `webhooks create` showing the new
   * signing secret once, `sandbox serve` printing role tokens): skip the leak check.
   */
  allowSecrets?: boolean;
  /** Extra environment; a value of undefined removes the variable. */
  env?: Record<string, string | undefined>;
  stdin?: string | Buffer;
  /** PWCTL_CONFIG_DIR; a fresh temp directory when omitted. */
  configDir?: string;
  timeoutMs?: number;
  /** startCli only: leave stdin open (a test writes to it) instead of ending it at once. */
  keepStdinOpen?: boolean;
}

// Secrets that must never reach the CLI's stdout or stderr. Every run (runCli, startCli,
// runInProcess) checks its output against the canaries, the secrets registered by the test
// file, and the secrets it handed the CLI itself (PWCTL_TOKEN, PWCTL_WEBHOOK_SECRET, --secret
// values), and throws when one shows up: a leak fails whichever test caused it, not only the
// secrets suite.

/** A bearer token that tests use where a real one would go; it must never be printed. */
export const CANARY_TOKEN = 'pwctl_canary_token_5f1d2c9a7b3e4d60a8c1';
/** A webhook signing secret with the same rule. */
export const CANARY_WEBHOOK_SECRET = 'whsec_canary_secret_9e8d7c6b5a4f3e2d1c0b';

const registeredSecrets = new Set<string>([CANARY_TOKEN, CANARY_WEBHOOK_SECRET]);
/** Shorter values could occur in output by chance (test secrets such as "s3cret"). */
const MIN_AUTO_SECRET_LENGTH = 12;

/** Add a value (a sandbox token, a secret a test created) to the leak check of every later run. */
export function registerSecret(secret: string): void {
  if (secret.length < 8)
    throw new Error('registerSecret: a secret shorter than 8 characters would match output by chance');
  registeredSecrets.add(secret);
}

export class SecretLeakError extends Error {
  override name = 'SecretLeakError';
}

/** The secrets a call hands its child, besides the registered ones: env, --secret, and the lines of --secret-file. */
export function secretsOfCall(args: readonly string[], env: Record<string, string | undefined>): string[] {
  const found = [env.PWCTL_TOKEN, env.PWCTL_WEBHOOK_SECRET];
  const value = (flag: string, i: number) =>
    args[i] === flag ? args[i + 1] : args[i]!.startsWith(`${flag}=`) ? args[i]!.slice(flag.length + 1) : undefined;
  args.forEach((_, i) => {
    found.push(value('--secret', i));
    const file = value('--secret-file', i);
    if (file !== undefined && existsSync(file) && statSync(file).isFile())
      found.push(
        ...readFileSync(file, 'utf8')
          .split('\n')
          .map((line) => line.trim()),
      );
  });
  return found.filter((s): s is string => typeof s === 'string' && s.length >= MIN_AUTO_SECRET_LENGTH);
}

/** Throws SecretLeakError naming the stream (never the secret itself) when output holds a secret. */
export function assertNoSecrets(
  result: Pick<CliResult, 'stdout' | 'stderr'>,
  args: string[],
  extra: readonly string[] = [],
): void {
  for (const secret of new Set([...registeredSecrets, ...extra])) {
    for (const stream of ['stdout', 'stderr'] as const) {
      if (result[stream].includes(secret)) {
        const which =
          secret === CANARY_TOKEN
            ? 'the canary token'
            : secret === CANARY_WEBHOOK_SECRET
              ? 'the canary webhook secret'
              : `a secret (${secret.slice(0, 4)}…)`;
        throw new SecretLeakError(`pwctl ${args.join(' ').slice(0, 120)} printed ${which} on ${stream}`);
      }
    }
  }
}

const COMPILE_CACHE_HOME = mkdtempSync(join(tmpdir(), 'pwctl-test-cache-'));

export function makeConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'pwctl-test-'));
}

/** The environment a test run starts from: nothing of the developer's pwctl settings leaks in. */
export function baseEnv(configDir: string): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: configDir,
    LANG: 'C.UTF-8',
    PWCTL_CONFIG_DIR: configDir,
    // pwctl's code cache (bin/dist-loader.js) lives in the user's cache directory, apart from the config
    // store whose contents and modes tests check; one for the whole run, as a user has one.
    XDG_CACHE_HOME: COMPILE_CACHE_HOME,
  };
  if (process.env.SYSTEMROOT) env.SYSTEMROOT = process.env.SYSTEMROOT;
  return env;
}

export function runCli(args: string[], options: RunOptions = {}): Promise<CliResult> {
  return startCli(args, options).result;
}

/** The environment of one call: the base environment, then the call's own changes. */
function environmentOf(options: RunOptions): Record<string, string> {
  const env: Record<string, string> = baseEnv(options.configDir ?? makeConfigDir());
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/**
 * Run the CLI inside the test process, as runCli runs the built one: the same isolated
 * environment and secret check, stdin given or empty, stdout and stderr captured as the
 * run writes them, the exit code the entry would have exited with. This is how a verb's
 * behaviour is tested; runCli is for what only a process shows (the bin shim and bundle,
 * exit flushing, signals, terminals, parallel processes). `signal` is always null.
 */
export async function runInProcess(args: string[], options: RunOptions = {}): Promise<CliResult> {
  if (options.keepStdinOpen)
    throw new Error('runInProcess: a test that writes to stdin while the CLI runs uses startCli');
  const env = environmentOf(options);
  const { run } = await import('../../src/cli/main.js');
  const t = memoryTerminal({ stdin: options.stdin });
  let timer: NodeJS.Timeout | undefined;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`pwctl ${args.join(' ')} did not end within ${timeoutMs} ms: ${t.stderr.text()}`)),
      timeoutMs,
    );
  });
  try {
    const code = await Promise.race([run(args, env, t.terminal), timedOut]);
    const result: CliResult = { code, signal: null, stdout: t.stdout.text(), stderr: t.stderr.text() };
    if (!options.allowSecrets) assertNoSecrets(result, args, secretsOfCall(args, env));
    return result;
  } finally {
    clearTimeout(timer);
  }
}

/** A CLI process still running: its result, and a way to wait until its output says something. */
export interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  /** Resolves once stdout or stderr (as said) matches; rejects if the process ends first. */
  waitFor(stream: 'stdout' | 'stderr', pattern: RegExp): Promise<void>;
  /** What the process has written to the stream so far. */
  output(stream: 'stdout' | 'stderr'): string;
  /** Resolves when the process has ended (secrets checked as for runCli). */
  result: Promise<CliResult>;
}

/** Start the built CLI as runCli does, for tests that signal it or read it while it runs. */
export function startCli(args: string[], options: RunOptions = {}): RunningCli {
  const env = environmentOf(options);
  const child = spawn(...cliCommand(args), { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  let ended = false;
  const watchers = new Set<() => void>();
  const text = (stream: 'stdout' | 'stderr') => Buffer.concat(stream === 'stdout' ? out : err).toString('utf8');
  const notify = () => {
    for (const watcher of watchers) watcher();
  };
  child.stdout.on('data', (c: Buffer) => (out.push(c), notify()));
  child.stderr.on('data', (c: Buffer) => (err.push(c), notify()));
  const result = new Promise<CliResult>((resolvePromise, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      ended = true;
      notify();
      const result = { code, signal, stdout: text('stdout'), stderr: text('stderr') };
      if (!options.allowSecrets) {
        try {
          assertNoSecrets(result, args, secretsOfCall(args, env));
        } catch (error) {
          reject(error);
          return;
        }
      }
      resolvePromise(result);
    });
  });
  child.stdin.on('error', () => {});
  if (options.stdin !== undefined || !options.keepStdinOpen) child.stdin.end(options.stdin ?? '');
  return {
    child,
    result,
    output: text,
    waitFor(stream, pattern) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(text(stream))) {
            watchers.delete(check);
            resolve();
          } else if (ended) {
            watchers.delete(check);
            reject(
              new Error(`pwctl ${args.join(' ')} ended before its ${stream} matched ${pattern}: ${text('stderr')}`),
            );
          }
        };
        watchers.add(check);
        check();
      });
    },
  };
}

/** Environment that points the CLI at a running sandbox as one of its roles. */
export function sandboxEnv(
  sandbox: { baseUrl: string; tokens: Record<string, string> },
  role: 'manager' | 'member' | 'client' = 'manager',
): Record<string, string> {
  return { PWCTL_BASE_URL: sandbox.baseUrl, PWCTL_TOKEN: sandbox.tokens[role]! };
}

/** The `retrying (n/max) …` notices of a run's stderr, which come before its outcome. */
export const RETRY_NOTICE = /^(rate limited: )?retrying \(\d+\/\d+\)/;

/**
 * One `error:` line matching `message`, exit `code`; with -o json, the same error as one JSON
 * line after it. Notices of retries before it are returned for the caller to check.
 */
export function expectOneErrorLine(result: CliResult, code: number, message: RegExp): string[] {
  expect(result.code, result.stderr).toBe(code);
  const all = result.stderr.trim().split('\n');
  const retries = all.filter((l) => RETRY_NOTICE.test(l));
  const [line, json, ...rest] = all.filter((l) => !RETRY_NOTICE.test(l));
  expect(line).toMatch(/^error: /);
  expect(line).toMatch(message);
  expect(rest).toEqual([]);
  if (json !== undefined)
    expect(JSON.parse(json)).toEqual({ error: { status: null, code, message: line!.replace(/^error: /, '') } });
  return retries;
}
