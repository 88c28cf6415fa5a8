// Shared by the reliability suites: running many CLI cases in small parallel batches, and
// the shape every usage error must have.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { assertNoSecrets, baseEnv, cliCommand, makeConfigDir, secretsOfCall, type CliResult } from '../helpers/cli.js';

/** The exit codes the contract defines (cli-contract.md), 130 for an interrupt. */
export const CONTRACT_EXIT_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 130] as const;

/** A stack frame line as Node prints it. */
export const STACK_FRAME = /^\s+at .+(\(|:\d+)/m;

/** Run `fn` over `items`, at most `width` at a time (a run may be a CLI process: two cores here). */
export async function inBatches<T, R>(
  items: readonly T[],
  width: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

/** Exit 2, nothing on stdout, exactly one `error: …` line on stderr matching `pattern`, no stack. */
export function expectUsageError(result: CliResult, pattern: RegExp, label: string): void {
  const where = `${label}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`;
  expect(result.code, where).toBe(2);
  expect(result.stdout, where).toBe('');
  const lines = result.stderr.split('\n');
  expect(lines.at(-1), where).toBe('');
  expect(lines.length, where).toBe(2);
  expect(lines[0], where).toMatch(/^error: \S/);
  expect(lines[0], where).toMatch(pattern);
  expect(result.stderr, where).not.toMatch(STACK_FRAME);
}

/** Milliseconds between two request-log timestamps (YYYY-MM-DDTHH:MM:SS.ffffffZ). */
export function gapMs(earlier: string, later: string): number {
  const micros = (at: string) => Date.parse(`${at.slice(0, 23)}Z`) * 1000 + Number(at.slice(23, 26));
  return (micros(later) - micros(earlier)) / 1000;
}

export interface Listener {
  origin: string;
  pid: number;
  stdout(): string;
  stderr(): string;
  /** SIGINT (or the signal given), then the exit code, stdout and stderr (checked for leaked secrets). */
  stop(
    signal?: NodeJS.Signals,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  /** Did the process end on its own (a crash)? */
  exited(): boolean;
}

/** Starts `pwctl webhooks listen --port 0 …` and resolves once it prints its address. */
export async function startListen(args: string[], env: Record<string, string> = {}): Promise<Listener> {
  const child = spawn(...cliCommand(['webhooks', 'listen', '--port', '0', ...args]), {
    env: { ...baseEnv(makeConfigDir()), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let ended = false;
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      ended = true;
      resolve({ code, signal });
    }),
  );
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`listen did not start: ${err}`)), 10_000);
    const check = () => {
      const m = /listening on (http:\/\/[^/\s]+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      } else if (ended) {
        clearTimeout(timer);
        reject(new Error(`listen exited: ${err}`));
      } else setTimeout(check, 20);
    };
    check();
  });
  return {
    origin,
    pid: child.pid!,
    stdout: () => out,
    stderr: () => err,
    exited: () => ended,
    async stop(stopSignal: NodeJS.Signals = 'SIGINT') {
      if (!ended) child.kill(stopSignal);
      const { code, signal } = await closed;
      assertNoSecrets({ stdout: out, stderr: err }, ['webhooks', 'listen', ...args], secretsOfCall(args, env));
      return { code, signal, stdout: out, stderr: err };
    },
  };
}

/** The Signature header value for a body: hex HMAC-SHA256 under the secret. */
export function sign(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** mulberry32: a small, seedable PRNG, so a suite's random choices are the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What `webhooks listen` reported refusing, read from its stderr. */
export interface ReportedRejections {
  /** Refusals shown on a line of their own, by status ('401', 'dropped', …). */
  shown: Record<string, number>;
  /** Refusals counted in the once-a-second summaries of a flood, by status. */
  summarised: Record<string, number>;
  /** Both together, by status. */
  total: Record<string, number>;
  /** How many lines all this took. */
  lines: number;
  summaryLines: string[];
}

/** Sums the `rejected 401 POST … from …` lines and the `rejected 1,234 requests in the last second: …` summaries. */
export function reportedRejections(stderr: string): ReportedRejections {
  const result: ReportedRejections = { shown: {}, summarised: {}, total: {}, lines: 0, summaryLines: [] };
  const add = (into: Record<string, number>, status: string, n: number) => {
    into[status] = (into[status] ?? 0) + n;
    result.total[status] = (result.total[status] ?? 0) + n;
  };
  const count = (digits: string) => Number(digits.replace(/,/g, ''));
  for (const line of stderr.split('\n')) {
    const summary = /^rejected ([\d,]+) requests? in the last second: (.+)$/.exec(line);
    if (summary) {
      result.lines++;
      result.summaryLines.push(line);
      let inLine = 0;
      for (const group of summary[2]!.split(', ')) {
        const m = /^([\d,]+) × (\d{3}|dropped) \S/.exec(group);
        if (!m) throw new Error(`unreadable group ${JSON.stringify(group)} in ${JSON.stringify(line)}`);
        add(result.summarised, m[2]!, count(m[1]!));
        inLine += count(m[1]!);
      }
      if (inLine !== count(summary[1]!))
        throw new Error(`groups do not add up to the total in ${JSON.stringify(line)}`);
      continue;
    }
    const single = /^rejected (\d{3}|dropped) /.exec(line);
    if (single) {
      result.lines++;
      add(result.shown, single[1]!, 1);
    }
  }
  return result;
}
