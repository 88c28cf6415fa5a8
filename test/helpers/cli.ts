// Runs the built CLI (bin/pwctl.js → dist/) as a child process with an isolated config
// directory and a clean environment, the way a user's shell or CI would.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'bin', 'pwctl.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Extra environment; a value of undefined removes the variable. */
  env?: Record<string, string | undefined>;
  stdin?: string | Buffer;
  /** PWCTL_CONFIG_DIR; a fresh temp directory when omitted. */
  configDir?: string;
  timeoutMs?: number;
}

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
  };
  if (process.env.SYSTEMROOT) env.SYSTEMROOT = process.env.SYSTEMROOT;
  return env;
}

export function runCli(args: string[], options: RunOptions = {}): Promise<CliResult> {
  const configDir = options.configDir ?? makeConfigDir();
  const env: Record<string, string> = baseEnv(configDir);
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(options.stdin ?? '');
  });
}

/** Environment that points the CLI at a running sandbox as one of its roles. */
export function sandboxEnv(sandbox: { baseUrl: string; tokens: Record<string, string> }, role: 'manager' | 'member' | 'client' = 'manager'): Record<string, string> {
  return { PWCTL_BASE_URL: sandbox.baseUrl, PWCTL_TOKEN: sandbox.tokens[role]! };
}
