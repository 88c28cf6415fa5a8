// Runs the built CLI on a real pseudo-terminal (util-linux `script`), stdin, stdout and stderr
// all on it, as a person at a terminal would; what the terminal was sent comes back raw.
// Tests that use it skip where `script` is missing (CI installs bsdutils).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BIN } from './cli.js';

export const SCRIPT = '/usr/bin/script';
export const hasPty = existsSync(SCRIPT);

export interface PtyOptions {
  cols?: number;
  rows?: number;
  /** The whole environment of the command (build it from baseEnv()). */
  env: Record<string, string>;
  /** Typed at the terminal before the input ends. */
  input?: string;
  /** Keep the terminal's input open (to type Ctrl-C later through `child.stdin`). */
  keepInput?: boolean;
}

export interface PtyRun {
  child: ChildProcess;
  /** What the terminal was sent so far, carriage returns and escapes included. */
  output(): string;
  done: Promise<{ code: number | null; output: string }>;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function startInPty(args: string[], options: PtyOptions): PtyRun {
  const command = `stty cols ${options.cols ?? 100} rows ${options.rows ?? 50} 2>/dev/null; exec ${[process.execPath, BIN, ...args].map(quote).join(' ')}`;
  const child = spawn(SCRIPT, ['-qec', command, '/dev/null'], { env: { TERM: 'xterm', ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  // Decoded as a stream: a character split across two chunks must not become two U+FFFDs.
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (c: string) => (output += c));
  const done = new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
  if (!options.keepInput) child.stdin!.end(options.input ?? '');
  else if (options.input) child.stdin!.write(options.input);
  return { child, output: () => output, done };
}

/** Run to the end; the output with carriage returns removed. */
export async function runInPty(args: string[], options: PtyOptions): Promise<{ code: number | null; output: string }> {
  const { code, output } = await startInPty(args, options).done;
  return { code, output: output.replace(/\r/g, '') };
}
