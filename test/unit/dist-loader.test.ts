// bin/dist-loader.js: dist/'s CommonJS files run once each, their requires resolved among
// themselves, with V8 code caches made at exit — after the command ran, so they hold the
// functions it called — grown by each new command, made again when V8 rejects one, and never
// the cause of a failure.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LOADER = createRequire(import.meta.url).resolve('../../bin/dist-loader.js');
const { createDistLoader } = createRequire(import.meta.url)(LOADER) as {
  createDistLoader(options: { distDir: string; cacheRoot?: string; command?: string }): {
    load(file: string): Record<string, unknown>;
    writeCaches(): void;
  };
};

/** A dist/ of its own: an entry that requires a chunk, which requires the entry back. */
function makeDist(extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'pwctl-dist-loader-'));
  mkdirSync(join(dir, 'chunks'));
  const files: Record<string, string> = {
    'cli.cjs': [
      'globalThis.__distLoaderRuns = (globalThis.__distLoaderRuns ?? 0) + 1;',
      'exports.name = "cli";',
      'const chunk = require("./chunks/a-X.cjs");',
      'exports.fromChunk = () => chunk.seen;',
      'exports.fs = require("node:fs") === process.getBuiltinModule("node:fs");',
      'exports.file = [__filename, __dirname];',
      // A function with a body worth caching, compiled only when called.
      `exports.work = function work(n) { let t = 0; ${Array.from({ length: 60 }, (_, i) => `t += (n * ${i}) % 7;`).join(' ')} return t; };`,
      'exports.line = () => new Error("here").stack.split("\\n")[1];',
    ].join('\n'),
    'chunks/a-X.cjs': 'const cli = require("../cli.cjs"); exports.seen = cli.name;',
    ...extra,
  };
  for (const [file, code] of Object.entries(files)) writeFileSync(join(dir, file), code);
  return dir;
}

/**
 * One command's run in a process of its own, as pwctl runs (V8 keeps what it compiled for the
 * rest of a process, which would hide what a cache holds): load cli.cjs, call work() if asked,
 * write the caches as at exit. Returns what cli.cjs exported that JSON can carry.
 */
function run(dist: string, cacheRoot: string, command = 'steps get', { callWork = false, exitCode = 0 } = {}) {
  const script = `const loader = require(${JSON.stringify(LOADER)}).createDistLoader(${JSON.stringify({ distDir: dist, cacheRoot, command })});
const cli = loader.load(${JSON.stringify(join(dist, 'cli.cjs'))});
if (${callWork}) cli.work(3);
loader.writeCaches(${exitCode});
process.stdout.write(JSON.stringify(cli));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as Record<string, unknown>;
}

/** The one install's directory under a cache root. */
function installDir(root: string): string {
  const installs = readdirSync(root);
  expect(installs).toHaveLength(1);
  return join(root, installs[0]!);
}
const cacheFiles = (root: string) => readdirSync(installDir(root)).sort();
const headerOf = (file: string) => {
  const bytes = readFileSync(file);
  return JSON.parse(bytes.toString('utf8', 4, 4 + bytes.readUInt32LE(0))) as { commands: string[] };
};

describe('the dist loader', () => {
  it('runs each file once, resolves requires among dist files, built-ins and the file’s own names, and counts lines from the source', () => {
    const dist = makeDist();
    const loader = createDistLoader({ distDir: dist });
    const before = (globalThis as { __distLoaderRuns?: number }).__distLoaderRuns ?? 0;
    const cli = loader.load(join(dist, 'cli.cjs'));
    expect(loader.load(join(dist, 'cli.cjs'))).toBe(cli);
    expect((globalThis as { __distLoaderRuns?: number }).__distLoaderRuns).toBe(before + 1);
    // The chunk required the entry while it was loading and saw what it had exported so far.
    expect((cli.fromChunk as () => string)()).toBe('cli');
    expect(cli.fs).toBe(true);
    expect(cli.file).toEqual([join(dist, 'cli.cjs'), dist]);
    expect((cli.line as () => string)()).toContain(`${join(dist, 'cli.cjs')}:8:`);
  });

  it('writes an owner-only cache per file at exit, after the run, holding the functions the run called', () => {
    const dist = makeDist();
    const idle = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
    const busy = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
    const loader = createDistLoader({ distDir: dist, cacheRoot: busy, command: 'steps get' });
    loader.load(join(dist, 'cli.cjs'));
    expect(readdirSync(busy)).toEqual([]); // nothing before the exit
    run(dist, busy, 'steps get', { callWork: true });
    const files = cacheFiles(busy);
    expect(files.map((f) => f.replace(/-\d+-\d+$/, ''))).toEqual(['a-X.cjs', 'cli.cjs']);
    expect(statSync(installDir(busy)).mode & 0o777).toBe(0o700);
    for (const file of files) {
      expect(statSync(join(installDir(busy), file)).mode & 0o777).toBe(0o600);
      expect(headerOf(join(installDir(busy), file)).commands).toEqual(['steps get']);
    }
    // The same file's cache from a run that did not call work(): smaller, as work() is not in it.
    run(dist, idle, 'steps get');
    const cliCache = files.find((f) => f.startsWith('cli.cjs-'))!;
    expect(statSync(join(installDir(busy), cliCache)).size).toBeGreaterThan(
      statSync(join(installDir(idle), cliCache)).size + 200,
    );
  });

  it('leaves a cache alone for a command it has seen, and grows it for a new one', () => {
    const dist = makeDist();
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
    const runAndRead = (command: string) => {
      run(dist, cache, command);
      return cacheFiles(cache).map((f) => [f, readFileSync(join(installDir(cache), f))] as const);
    };
    const first = runAndRead('steps get');
    expect(runAndRead('steps get')).toEqual(first);
    const grown = runAndRead('docs list');
    expect(grown.map(([f]) => f)).toEqual(first.map(([f]) => f));
    for (const [file] of grown)
      expect(headerOf(join(installDir(cache), file)).commands).toEqual(['steps get', 'docs list']);
  });

  it('takes a failed run for one that saw nothing: it makes missing caches but adds no command, and leaves the others', () => {
    const dist = makeDist();
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
    run(dist, cache, 'steps get', { exitCode: 2 });
    const files = cacheFiles(cache);
    expect(files).toHaveLength(2);
    for (const file of files) expect(headerOf(join(installDir(cache), file)).commands).toEqual([]);
    // The first run that succeeds grows them with its command.
    run(dist, cache, 'steps get');
    for (const file of files) expect(headerOf(join(installDir(cache), file)).commands).toEqual(['steps get']);
    const before = files.map((f) => readFileSync(join(installDir(cache), f)));
    run(dist, cache, 'docs list', { exitCode: 3 });
    expect(files.map((f) => readFileSync(join(installDir(cache), f)))).toEqual(before);
  });

  it('makes a rejected or unreadable cache again, and a changed file’s under a new name, removing the old', () => {
    const dist = makeDist();
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
    run(dist, cache);
    const cliCache = join(installDir(cache), cacheFiles(cache).find((f) => f.startsWith('cli.cjs-'))!);
    const good = readFileSync(cliCache);
    // The header kept, V8's data not a cache: V8 rejects it, the file still runs, the cache is made again.
    // (V8's caches of one file differ byte for byte from run to run, not in length.)
    writeFileSync(cliCache, Buffer.concat([good.subarray(0, 4 + good.readUInt32LE(0)), Buffer.from('not a cache')]));
    expect(run(dist, cache).name).toBe('cli');
    expect(readFileSync(cliCache).length).toBe(good.length);
    writeFileSync(cliCache, 'garbage');
    expect(run(dist, cache).name).toBe('cli');
    expect(readFileSync(cliCache).length).toBe(good.length);
    // A rebuilt file: another size, so another cache; the old one goes.
    writeFileSync(join(dist, 'cli.cjs'), `${readFileSync(join(dist, 'cli.cjs'), 'utf8')}\nexports.more = 1;`);
    expect(run(dist, cache).more).toBe(1);
    const names = cacheFiles(cache).filter((f) => f.startsWith('cli.cjs-'));
    expect(names).toHaveLength(1);
    expect(join(installDir(cache), names[0]!)).not.toBe(cliCache);
  });

  it('keeps the caches it only read when it writes another: a rebuilt chunk costs its own cache, once', () => {
    const dist = makeDist();
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
    run(dist, cache);
    const cliCache = join(installDir(cache), cacheFiles(cache).find((f) => f.startsWith('cli.cjs-'))!);
    const cliBytes = readFileSync(cliCache);
    // Only the chunk changes: its cache is made again, and the entry's, read and still good, stays as it was.
    writeFileSync(join(dist, 'chunks/a-X.cjs'), 'const cli = require("../cli.cjs"); exports.seen = cli.name + "!";');
    expect(run(dist, cache).name).toBe('cli');
    const settled = cacheFiles(cache);
    expect(settled).toHaveLength(2);
    expect(readFileSync(cliCache)).toEqual(cliBytes);
    // And so it settles: the next runs, failed or not, find both and write neither.
    const bytes = () => settled.map((f) => readFileSync(join(installDir(cache), f)));
    const before = bytes();
    run(dist, cache, 'steps get', { exitCode: 1 });
    run(dist, cache);
    expect(cacheFiles(cache)).toEqual(settled);
    expect(bytes()).toEqual(before);
  });

  it('removes a staging file a killed writer left once it is an hour old, and not one being written', () => {
    const dist = makeDist();
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
    run(dist, cache);
    const dir = installDir(cache);
    const left = join(dir, 'cli.cjs-1-1.tmp-4242');
    const live = join(dir, 'cli.cjs-1-1.tmp-4343');
    writeFileSync(left, 'half');
    writeFileSync(live, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    utimesSync(left, twoHoursAgo, twoHoursAgo);
    run(dist, cache, 'docs list');
    expect(existsSync(left)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });

  it('keeps two installs’ caches apart: each run of either finds its own', () => {
    const one = makeDist();
    const other = makeDist({ 'cli.cjs': `${readFileSync(join(one, 'cli.cjs'), 'utf8')}\n// another build` });
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
    run(one, cache);
    run(other, cache);
    const snapshot = () =>
      readdirSync(cache)
        .sort()
        .map((install) => readdirSync(join(cache, install)).map((f) => readFileSync(join(cache, install, f))));
    const before = snapshot();
    expect(before).toHaveLength(2);
    run(one, cache);
    run(other, cache);
    expect(snapshot()).toEqual(before);
  });

  it('reads no cache from a directory others may write: V8 would run a planted cache for any source of its length', () => {
    const dist = makeDist({ 'cli.cjs': 'exports.v = 1;', 'other.cjs': 'exports.v = 2;' });
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
    // A cache made for other.cjs, put where cli.cjs's cache goes (the same length, and cli.cjs's name, size and time).
    const script = `const l = require(${JSON.stringify(LOADER)}).createDistLoader(${JSON.stringify({ distDir: dist, cacheRoot: cache })});
l.load(${JSON.stringify(join(dist, 'other.cjs'))}); l.writeCaches();`;
    execFileSync(process.execPath, ['-e', script]);
    const dir = installDir(cache);
    const planted = readdirSync(dir)[0]!;
    const { size, mtimeMs } = statSync(join(dist, 'cli.cjs'));
    const cliCacheName = `cli.cjs-${size}-${Math.trunc(mtimeMs * 1000)}`;
    writeFileSync(join(dir, cliCacheName), readFileSync(join(dir, planted)));
    // In a private directory the planted cache is taken for cli.cjs's: the key is the defence there.
    expect(run(dist, cache).v).toBe(2);
    // Group-writable, the directory is not trusted: cli.cjs runs from its source, and nothing is written there.
    writeFileSync(join(dir, cliCacheName), readFileSync(join(dir, planted)));
    chmodSync(dir, 0o770);
    const before = readdirSync(dir).sort();
    expect(run(dist, cache, 'docs list').v).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it('runs every command when the cache directory cannot be written', () => {
    const dist = makeDist();
    const parent = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
    chmodSync(parent, 0o500);
    const blocked = join(parent, 'code-cache');
    const loader = createDistLoader({ distDir: dist, cacheRoot: blocked, command: 'steps get' });
    expect(loader.load(join(dist, 'cli.cjs')).name).toBe('cli');
    expect(() => loader.writeCaches()).not.toThrow();
    const notADirectory = join(parent, 'file');
    chmodSync(parent, 0o700);
    writeFileSync(notADirectory, '');
    const second = createDistLoader({ distDir: dist, cacheRoot: notADirectory, command: 'steps get' });
    expect(second.load(join(dist, 'cli.cjs')).name).toBe('cli');
    expect(() => second.writeCaches()).not.toThrow();
  });
});
