// The one object that knows about the process's streams: which are TTYs, whether color is
// on, whether we may prompt. Commands never look at process.stdout directly.
import type { Readable, Writable } from 'node:stream';

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

export function processIO(env: NodeJS.ProcessEnv, pref: ColorPreference): IO {
  const { stdin, stdout, stderr } = process;
  const stdinIsTTY = Boolean(stdin.isTTY);
  const stdoutIsTTY = Boolean(stdout.isTTY);
  const stderrIsTTY = Boolean(stderr.isTTY);
  return {
    stdin,
    stdout,
    stderr,
    stdinIsTTY,
    stdoutIsTTY,
    stderrIsTTY,
    stdoutColor: colorLevel(stdoutIsTTY, env, pref),
    stderrColor: colorLevel(stderrIsTTY, env, pref),
    canPrompt: stdinIsTTY && stdoutIsTTY,
  };
}
