// The README's examples, and the guide's, do what they say (issue 32): every command line in a
// ```sh block that starts with `pwctl` runs — through bash, as a reader would paste it, with the
// built CLI as `pwctl` — against a sandbox holding the demo data, in a directory holding the
// files the examples name, and must exit as documented (0 unless EXPECTED says otherwise) and
// print something. A page's examples run in order against one sandbox, as a reader's session
// would (the demo data is put back before each page). The README says its lines run as they
// are with `--sandbox` after `pwctl`: they run so, against the embedded sandbox. A line that
// cannot run here is in CANNOT_RUN with the reason.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { baseEnv, CLI_PROGRAM, makeConfigDir, ROOT } from '../helpers/cli.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';

/** Lines that cannot run against a sandbox in a test, and why. */
const CANNOT_RUN: ReadonlyArray<[RegExp, string]> = [
  [/<[a-z][\w-]*>|…|\$\{?[A-Z]/, 'a placeholder or a variable for the reader to fill in'],
  [/^pwctl (--sandbox )?webhooks listen/, 'a receiver that runs until stopped'],
  [/^pwctl sandbox serve/, 'a server that runs until stopped'],
  [/ --watch\b/, 'refreshes until stopped (Ctrl-C)'],
  [/^pwctl webhooks trigger/, 'sends to a receiver the reader runs'],
  [
    /^pwctl auth login( --web| --profile| --insecure-storage|$)/,
    'signs in: asks for a token at a terminal, or opens a browser',
  ],
  [/^pwctl auth (switch|token|logout)/, 'needs a profile signed in with a stored token'],
  [/^pwctl config set ca_file/, 'needs a certificate file of your organisation'],
  [/^pwctl webhooks deliveries (show|replay)/, 'needs a delivery a listener received'],
  ...(spawnSync('jq', ['--version']).status === 0
    ? []
    : ([[/\|\s*jq /, 'pipes into a jq binary, which this machine lacks']] as Array<[RegExp, string]>)),
];

/** Exit codes the docs give for a line, other than 0. */
const EXPECTED: ReadonlyArray<[RegExp, number]> = [
  // Asked at a terminal; here, as in any script, a missing value is a usage error.
  [/^pwctl steps (create|complete)$/, 2],
];

/** What a line reads on standard input (else nothing): an agent host's first message to `pwctl mcp`. */
const STDIN: ReadonlyArray<[RegExp, string]> = [
  [
    /^pwctl (--sandbox )?mcp\b/,
    `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'docs', version: '1' } } })}\n`,
  ],
];

/** Files the examples name, in the directory they run in. */
const FIXTURES: Record<string, string> = {
  'brief.md': '# Brief\n\nWhat the client asked for.\n',
  'notes.md': '# Kick-off\n\n- scope agreed\n',
  'plan.csv': 'title,due_date,tags\nCollect logos,2026-12-01,design\nWrite the copy,,copy;urgent\n',
  'tasks.ndjson':
    '{"title": "Check the fonts", "phase_id": 41}\n{"title": "Book the review", "phase_id": 42, "tags": ["urgent"]}\n',
  'export-from-excel.csv': 'Title;Phase ID;Due date\nOrder prints;41;2026-12-03\n',
  'ids.txt': '101\n102\n',
};

interface Example {
  page: string;
  line: string;
}

/** The command lines of a page's ```sh blocks that start with `pwctl`, their trailing comments removed. */
function examplesOf(page: string): Example[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```/gm)]
    .flatMap((m) => m[1]!.split('\n'))
    .filter((line) => line.startsWith('pwctl '))
    .map((line) => ({ page, line: withoutComment(line) }));
}

/** The line up to a `#` that starts a shell comment (outside quotes, after a space). */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && /\s/.test(line[i - 1] ?? ' ')) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs', 'guide'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/guide/${name}`),
];
const EXAMPLES = PAGES.flatMap(examplesOf);
const reasonOf = (line: string) => CANNOT_RUN.find(([pattern]) => pattern.test(line))?.[1];

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());
const configDir = makeConfigDir();
const bin = mkdtempSync(join(tmpdir(), 'pwctl-examples-bin-'));
symlinkSync(CLI_PROGRAM, join(bin, 'pwctl'));
const workDirs = new Map<string, string>();
afterAll(() => workDirs.clear());

/** One directory per page, with the fixtures: a page's examples build on each other's files. */
function workDirOf(page: string): string {
  let dir = workDirs.get(page);
  if (!dir) {
    dir = mkdtempSync(join(tmpdir(), 'pwctl-examples-'));
    for (const [name, text] of Object.entries(FIXTURES)) writeFileSync(join(dir, name), text);
    mkdirSync(join(dir, 'empty'));
    workDirs.set(page, dir);
  }
  return dir;
}

/** Pages whose examples say they run with `--sandbox` after `pwctl`. */
const EMBEDDED = new Set(['README.md']);

/** The line with `--sandbox` after each `pwctl` that starts a command. */
function withSandboxFlag(line: string): string {
  return line.replace(/(^|[|&;]\s*)pwctl (?!--sandbox )/g, '$1pwctl --sandbox ');
}

function runInShell(
  line: string,
  cwd: string,
  embedded = false,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = {
    ...baseEnv(configDir),
    ...(embedded ? {} : sandboxEnv(sb)),
    PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    // `steps edit` and `docs edit` open this editor, which changes nothing.
    EDITOR: 'true',
  };
  return new Promise((resolve, reject) => {
    const command = embedded ? withSandboxFlag(line) : line;
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end(STDIN.find(([pattern]) => pattern.test(line))?.[1] ?? '');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** What a line writes with `> file`, when it does. */
function redirectTarget(line: string): string | undefined {
  return /\s>\s*(\S+)\s*$/.exec(line)?.[1];
}

describe('examples in the docs', () => {
  it('are found in the README and the guide', () => {
    expect(EXAMPLES.filter((e) => e.page === 'README.md').length).toBeGreaterThan(30);
    expect(EXAMPLES.length).toBeGreaterThan(80);
  });

  it('README lines run with --sandbox after each pwctl of a pipeline', () => {
    expect(withSandboxFlag("pwctl steps list -o ndjson | pwctl steps complete - && pwctl --sandbox x 'pwctl y'")).toBe(
      "pwctl --sandbox steps list -o ndjson | pwctl --sandbox steps complete - && pwctl --sandbox x 'pwctl y'",
    );
  });

  it('most of them run here: fewer than a third cannot', () => {
    expect(EXAMPLES.filter((e) => reasonOf(e.line)).length).toBeLessThan(EXAMPLES.length / 3);
  });

  for (const page of PAGES.filter((p) => EXAMPLES.some((e) => e.page === p))) {
    describe(page, () => {
      const embedded = EMBEDDED.has(page);
      beforeAll(async () => {
        sb.reset('demo');
        if (embedded) expect((await runInShell('pwctl sandbox reset', workDirOf(page))).code).toBe(0);
      });
      for (const { line } of EXAMPLES.filter((e) => e.page === page)) {
        const reason = reasonOf(line);
        it.skipIf(reason !== undefined)(`${line}${reason ? ` (not run: ${reason})` : ''}`, async () => {
          const dir = workDirOf(page);
          const result = await runInShell(line, dir, embedded);
          const expected = EXPECTED.find(([pattern]) => pattern.test(line))?.[1] ?? 0;
          expect(result.code, `${line}\n${result.stderr}`).toBe(expected);
          const target = redirectTarget(line);
          if (target && target !== '/dev/null') {
            const file = join(dir, target);
            expect(existsSync(file) && statSync(file).size > 0, `${line} wrote ${target}`).toBe(true);
          } else expect(`${result.stdout}${result.stderr}`.trim(), line).not.toBe('');
        });
      }
    });
  }
});
