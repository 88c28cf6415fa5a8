// Runs the built CLI on a real pseudo-terminal (util-linux `script`), stdin, stdout and stderr
// all on it, as a person at a terminal would; what the terminal was sent comes back raw.
// Tests that use it skip where `script` is missing (CI installs bsdutils).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cliCommand } from './cli.js';

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
  /** Resolves once what the terminal was sent (escapes removed) matches; rejects if the command ends first or after 10 s. */
  waitFor(pattern: RegExp): Promise<void>;
  /** Keys typed at the terminal (needs keepInput). */
  type(keys: string): void;
}

/** What a person sees of terminal output, roughly: escape sequences removed. */
export function visibleText(raw: string): string {
  return raw.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\u001b\][^\u0007]*\u0007/g, '');
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function startInPty(args: string[], options: PtyOptions): PtyRun {
  const command = `stty cols ${options.cols ?? 100} rows ${options.rows ?? 50} 2>/dev/null; exec ${cliCommand(args).flat().map(quote).join(' ')}`;
  const child = spawn(SCRIPT, ['-qec', command, '/dev/null'], {
    env: { TERM: 'xterm', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
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
  let ended = false;
  void done.then(() => (ended = true));
  return {
    child,
    output: () => output,
    done,
    type: (keys) => void child.stdin!.write(keys),
    waitFor: (pattern) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          if (pattern.test(visibleText(output))) return resolve();
          if (ended || Date.now() - started > 10_000)
            return reject(new Error(`the terminal never showed ${pattern}:\n${visibleText(output)}`));
          setTimeout(check, 20);
        };
        check();
      }),
  };
}

/** Run to the end; the output with carriage returns removed. */
export async function runInPty(args: string[], options: PtyOptions): Promise<{ code: number | null; output: string }> {
  const { code, output } = await startInPty(args, options).done;
  return { code, output: output.replace(/\r/g, '') };
}
