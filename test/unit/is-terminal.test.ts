// src/io/is-terminal.ts: a file, /dev/null and a closed descriptor are not terminals, told
// without asking node:tty. (A real pseudo-terminal is one: test/e2e/table-tty.test.ts and the
// other *-tty tests run the built CLI on one; every test that reads TSV runs it into a pipe.)
import { closeSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTerminal } from '../../src/io/is-terminal.js';

describe('isTerminal', () => {
  it('says no for a file, /dev/null (a character device) and a closed descriptor', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pwctl-is-terminal-')), 'f');
    writeFileSync(file, 'x');
    const fds = [openSync(file, 'r'), openSync('/dev/null', 'r')];
    try {
      for (const fd of fds) expect(isTerminal(fd)).toBe(false);
    } finally {
      for (const fd of fds) closeSync(fd);
    }
    expect(isTerminal(fds[0]!)).toBe(false);
  });
});
