// Whether a file descriptor is a terminal, without loading node:tty for a run that has none.
// node:tty (and the internals it pulls in) costs about 0.7 M instructions, 0.5% of one
// `steps get`; a script's, CI's or a benchmark's run has pipes, files and /dev/null, which
// fstat tells apart at the cost of a system call each.
import { fstatSync } from 'node:fs';

/** Linux's memory devices (/dev/null, /dev/zero, /dev/urandom…) are character devices of this major number. */
const LINUX_MEMORY_DEVICES = 1;

export function isTerminal(fd: number): boolean {
  if (process.platform !== 'win32') {
    let stats: ReturnType<typeof fstatSync>;
    try {
      stats = fstatSync(fd);
    } catch {
      return false; // closed: tty.isatty says the same
    }
    // A terminal is a character device; /dev/null, which `cmd < /dev/null` and CI give, is one too but never a terminal.
    if (!stats.isCharacterDevice()) return false;
    if (process.platform === 'linux' && Math.floor(stats.rdev / 256) % 4096 === LINUX_MEMORY_DEVICES) return false;
  }
  return process.getBuiltinModule('node:tty').isatty(fd);
}
