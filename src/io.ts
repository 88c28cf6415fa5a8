// The one object that knows about the process's streams: which are TTYs, whether color is
// on, whether we may prompt. Commands never look at process.stdout directly.
import type { Readable, Writable } from 'node:stream';
import { isatty } from 'node:tty';

export interface IO {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean };
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Color level 0 (none) to 3 (truecolor) for each output stream. */
  stdoutColor: number;
  stderrColor: number;
  /** Prompts only when a person is there to answer: stdin and stdout are both TTYs. */
  canPrompt: boolean;
}

export interface ColorPreference {
  /** false for --no-color */
  color?: boolean;
}

export function colorLevel(isTTY: boolean, env: NodeJS.ProcessEnv, pref: ColorPreference): number {
  if (pref.color === false) return 0;
  if ('NO_COLOR' in env && env.NO_COLOR !== '') return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    if (force === '2' || force === '3') return Number(force);
    return 1;
  }
  if (!isTTY || env.TERM === 'dumb') return 0;
  if (env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit') return 3;
  return /256/.test(env.TERM ?? '') ? 2 : 1;
}

let opened = false;

/** Whether this run created process.stdout (it is a lazy getter in Node). */
export function stdoutOpened(): boolean {
  return opened;
}

/**
 * The process's streams. process.stdin/stdout/stderr are getters that construct streams
 * (and load node:stream, net or tty) on first use, so they are touched only when a
 * command actually reads or writes. A closed stdout pipe (`pwctl … | head -1`) ends the
 * run quietly, never with a stack trace.
 */
export function processIO(env: NodeJS.ProcessEnv, pref: ColorPreference): IO {
  const stdinIsTTY = isatty(0);
  const stdoutIsTTY = isatty(1);
  const stderrIsTTY = isatty(2);
  let stdout: NodeJS.WriteStream | undefined;
  let stderr: NodeJS.WriteStream | undefined;
  return {
    get stdin() {
      return process.stdin;
    },
    get stdout() {
      if (!stdout) {
        stdout = process.stdout;
        opened = true;
        stdout.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
          throw error;
        });
      }
      return stdout;
    },
    get stderr() {
      if (!stderr) {
        stderr = process.stderr;
        stderr.on('error', () => {});
      }
      return stderr;
    },
    stdinIsTTY,
    stdoutIsTTY,
    stderrIsTTY,
    stdoutColor: colorLevel(stdoutIsTTY, env, pref),
    stderrColor: colorLevel(stderrIsTTY, env, pref),
    canPrompt: stdinIsTTY && stdoutIsTTY,
  };
}
