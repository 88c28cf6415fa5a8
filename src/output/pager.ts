// A table, a record with its body, or a diff longer than the terminal goes through a pager, as
// git and gh do: PWCTL_PAGER, else the config key `pager`, else PAGER, else `less -FRX` (-F:
// quit at once if it fits after all, -R: keep colors, -X: leave the text on the screen). The
// command runs through the shell, so it may carry arguments. Only the writer decides to page:
// stdout a TTY, output for people, longer than the screen.
import type { Writable } from 'node:stream';
import { childEnv } from '../child-env.js';
import type { IO } from '../io/io.js';
import type { TerminalText } from '../io/sanitize.js';

export const DEFAULT_PAGER = 'less -FRX';

export interface Pager {
  /** A shell command that reads the text on its standard input. */
  command: string;
  /** Its environment: ours without our secrets. */
  env: NodeJS.ProcessEnv;
}

/**
 * The pager to use, or undefined when paging is turned off (--no-pager, or PWCTL_PAGER or the
 * config key `pager` set empty). `configured` is the profile's `pager`, as gh's setting.
 */
export function resolvePager(
  flags: { pager?: boolean },
  env: NodeJS.ProcessEnv,
  configured?: string,
): Pager | undefined {
  if (flags.pager === false) return undefined;
  // An empty PWCTL_PAGER is the documented way to turn paging off; an empty PAGER counts
  // as unset, as empty variables do everywhere else in pwctl.
  const command = env.PWCTL_PAGER ?? configured ?? (env.PAGER || DEFAULT_PAGER);
  if (command.trim() === '') return undefined;
  // Made when a pager runs: a copy of the whole environment is no small cost to every command.
  let pagerEnv: NodeJS.ProcessEnv | undefined;
  return {
    command,
    get env() {
      return (pagerEnv ??= lessOptions(childEnv(env)));
    },
  };
}

/** less reads its options from LESS: give it ours only when the user keeps none there. */
function lessOptions(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.LESS === undefined) env.LESS = 'FRX';
  return env;
}

/**
 * Show `text` through the pager, which writes to this process's stdout and stderr, and
 * wait until it exits. A pager quit before it read everything (`q` in less) is the user's
 * choice, not an error. Returns false when the pager could not be run at all (no shell,
 * or the shell found no such command), so that the caller prints the text itself.
 */
export async function showInPager(pager: Pager, text: string): Promise<boolean> {
  const { spawn } = await import('node:child_process');
  // Ctrl-C belongs to the pager while it runs (less stops a search with it); it must not
  // end pwctl and leave the pager alone on the terminal.
  const ignoreInterrupt = () => {};
  process.on('SIGINT', ignoreInterrupt);
  try {
    return await new Promise<boolean>((resolve) => {
      const child = spawn(pager.command, { shell: true, stdio: ['pipe', 'inherit', 'inherit'], env: pager.env });
      child.on('error', () => resolve(false));
      // 127: the shell found no such command (and said so on stderr).
      child.on('close', (code) => resolve(code !== 127));
      feed(child.stdin, text);
    });
  } finally {
    process.off('SIGINT', ignoreInterrupt);
  }
}

/**
 * Text drawn for a terminal (a record with its body, a diff), through the pager when it takes
 * as many rows as the screen has or more, else (or when the pager cannot run) straight to stdout.
 */
export async function pageIfLong(io: IO, pager: Pager, text: TerminalText): Promise<void> {
  const rows = io.stdoutRows;
  if (rows && screenRows(text, io.stdoutColumns) >= rows) {
    io.clearStatus();
    if (await showInPager(pager, text)) return;
  }
  await io.out(text);
}

/** The rows `text` takes on a screen `columns` wide: a line longer than the screen wraps (colours take none). */
export function screenRows(text: string, columns: number | undefined): number {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  if (!columns) return lines.length;
  let rows = 0;
  for (const line of lines) rows += Math.max(1, Math.ceil(line.replace(/\u001b\[[0-9;]*m/g, '').length / columns));
  return rows;
}

function feed(stdin: Writable, text: string): void {
  // EPIPE once the pager has quit: it wants no more.
  stdin.on('error', () => {});
  stdin.end(text);
}
