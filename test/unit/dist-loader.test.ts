// bin/dist-loader.js: dist/'s CommonJS files run once each, their requires resolved among
// themselves, with V8 code caches made at exit — after the command ran, so they hold the
// functions it called — grown by each new command, made again when V8 rejects one, and never
// the cause of a failure.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
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
import { packageCopyCommand, ROOT } from '../helpers/cli.js';

const LOADER = join(ROOT, 'bin', 'dist-loader.js');
const { createDistLoader } = createRequire(import.meta.url)(LOADER) as {
  createDistLoader(options: { distDir: string; cacheDir?: string; command?: string }): {
    load(file: string): Record<string, unknown>;
    writeCaches(): void;
  };
};

/** What the entry of a test install does when the shim runs it: call work() if asked, print its exports, exit as told. */
const MAIN = `exports.main = (argv) => {
  if (argv.includes('--work')) module.exports.work(3);
  process.stdout.write(JSON.stringify(module.exports));
  process.exitCode = Number(process.env.TEST_EXIT_CODE);
};`;

/**
 * An install of its own (bin/ copied from the repository, a dist/ written here) whose dist/
 * has an entry that requires a chunk, which requires the entry back. Returns its dist/.
 */
function makeDist(extra: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'pwctl-dist-loader-'));
  const dir = join(root, 'dist');
  mkdirSync(join(dir, 'chunks'), { recursive: true });
  mkdirSync(join(root, 'bin'));
  for (const file of ['pwctl.js', 'dist-loader.js']) copyFileSync(join(ROOT, 'bin', file), join(root, 'bin', file));
  writeFileSync(join(root, 'package.json'), '{"version":"0.0.0-test"}\n');
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
  files['cli.cjs'] += `\n${MAIN}`;
  for (const [file, code] of Object.entries(files)) writeFileSync(join(dir, file), code);
  return dir;
}

/**
 * One command's run of an install's bin/pwctl.js, in a process of its own, as pwctl runs (V8
 * keeps what it compiled for the rest of a process, which would hide what a cache holds),
 * with `cacheHome` as the user's cache directory. Returns what cli.cjs exported that JSON can carry.
 */
function run(dist: string, cacheHome: string, command = 'steps get', { callWork = false, exitCode = 0 } = {}) {
  const [program, args] = packageCopyCommand(join(dist, '..'), [
    ...command.split(' '),
    ...(callWork ? ['--work'] : []),
  ]);
  const result = spawnSync(program, args, {
    encoding: 'utf8',
    env: {
      ...process.env,
      XDG_CACHE_HOME: cacheHome,
      TEST_EXIT_CODE: String(exitCode),
      NODE_DISABLE_COMPILE_CACHE: '',
    },
  });
  expect(result.status, result.stderr).toBe(exitCode);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** Where an install's caches go under a user's cache directory: the one directory under this Node's. */
function installDir(cacheHome: string): string {
  const root = join(cacheHome, 'pwctl', 'code-cache', `${process.version}-${process.arch}`);
  const installs = readdirSync(root);
  expect(installs).toHaveLength(1);
  return join(root, installs[0]!);
}
const cacheFiles = (cacheHome: string) => readdirSync(installDir(cacheHome)).sort();
const headerOf = (file: string) => {
  const bytes = readFileSync(file);
  return JSON.parse(bytes.toString('utf8', 4, 4 + bytes.readUInt32LE(0))) as { commands: string[] };
};

/** An install run once with a cache directory of its own, and the path of its entry's cache. */
function ranOnce() {
  const dist = makeDist();
  const cache = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
  run(dist, cache);
  const cliCache = join(installDir(cache), cacheFiles(cache).find((f) => f.startsWith('cli.cjs-'))!);
  return { dist, cache, cliCache };
}

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
    const loader = createDistLoader({ distDir: dist, cacheDir: join(busy, 'install'), command: 'steps get' });
    loader.load(join(dist, 'cli.cjs'));
    expect(readdirSync(busy)).toEqual([]); // nothing before the exit
    run(dist, busy, 'steps get', { callWork: true });
    const files = cacheFiles(busy);
    // The loader's own cache too: bin/pwctl.js compiles it with it.
    expect(files.map((f) => f.replace(/-\d+-\d+$/, ''))).toEqual(['a-X.cjs', 'cli.cjs', 'dist-loader.js']);
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
    expect(files).toHaveLength(3);
    for (const file of files) expect(headerOf(join(installDir(cache), file)).commands).toEqual([]);
    // The first run that succeeds grows them with its command.
    run(dist, cache, 'steps get');
    for (const file of files) expect(headerOf(join(installDir(cache), file)).commands).toEqual(['steps get']);
    const before = files.map((f) => readFileSync(join(installDir(cache), f)));
    run(dist, cache, 'docs list', { exitCode: 3 });
    expect(files.map((f) => readFileSync(join(installDir(cache), f)))).toEqual(before);
  });

  it('makes a rejected or unreadable cache again, and a changed file’s under a new name, removing the old', () => {
    const { dist, cache, cliCache } = ranOnce();
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
    const { dist, cache, cliCache } = ranOnce();
    const cliBytes = readFileSync(cliCache);
    // Only the chunk changes: its cache is made again, and the entry's, read and still good, stays as it was.
    writeFileSync(join(dist, 'chunks/a-X.cjs'), 'const cli = require("../cli.cjs"); exports.seen = cli.name + "!";');
    expect(run(dist, cache).name).toBe('cli');
    const settled = cacheFiles(cache);
    expect(settled).toHaveLength(3);
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

  it('removes what other installs, Node versions and the compile cache of old left a month ago, and nothing newer or not its own', () => {
    const dist = makeDist();
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
    run(dist, cache);
    const pwctl = join(cache, 'pwctl');
    const codeCache = join(pwctl, 'code-cache');
    const thisNode = join(codeCache, `${process.version}-${process.arch}`);
    const monthOld = [join(thisNode, 'dist-0badcafe'), join(codeCache, 'v18.20.0-x64'), join(pwctl, 'compile-cache')];
    const recent = [join(thisNode, 'dist-0000beef'), join(codeCache, 'v19.9.0-x64')];
    // An executable's unpacked files are its launcher's to remove (scripts/executable/launcher.cjs).
    const notItsOwn = [join(pwctl, '0.1.0-abc123')];
    for (const dir of [...monthOld, ...recent, ...notItsOwn]) {
      mkdirSync(join(dir, 'inside'), { recursive: true });
      writeFileSync(join(dir, 'inside', 'file'), 'x');
    }
    const twoMonthsAgo = new Date(Date.now() - 60 * 24 * 3600 * 1000);
    for (const dir of [...monthOld, ...notItsOwn]) utimesSync(dir, twoMonthsAgo, twoMonthsAgo);
    // A command the caches have not seen: they are written, and what was left behind goes.
    run(dist, cache, 'docs list');
    expect(monthOld.filter((dir) => existsSync(dir))).toEqual([]);
    expect([...recent, ...notItsOwn].filter((dir) => existsSync(dir))).toEqual([...recent, ...notItsOwn]);
    expect(readdirSync(thisNode).filter((dir) => !dir.endsWith('beef'))).toHaveLength(1);
  });

  it('keeps two installs’ caches apart: each run of either finds its own', () => {
    const one = makeDist();
    const other = makeDist({ 'cli.cjs': `${readFileSync(join(one, 'cli.cjs'), 'utf8')}\n// another build` });
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
    run(one, cache);
    run(other, cache);
    const root = join(cache, 'pwctl', 'code-cache', `${process.version}-${process.arch}`);
    const snapshot = () =>
      readdirSync(root)
        .sort()
        .map((install) => readdirSync(join(root, install)).map((f) => readFileSync(join(root, install, f))));
    const before = snapshot();
    expect(before).toHaveLength(2);
    run(one, cache);
    run(other, cache);
    expect(snapshot()).toEqual(before);
  });

  it('reads no cache from a directory others may write: V8 would run a planted cache for any source of its length', () => {
    // Two files of the same length once the entry's main is added to cli.cjs.
    const dist = makeDist({ 'cli.cjs': 'exports.v = 1;', 'other.cjs': `exports.v = 2;\n${MAIN}` });
    const cache = mkdtempSync(join(tmpdir(), 'pwctl-code-cache-'));
    expect(run(dist, cache).v).toBe(1);
    const dir = installDir(cache);
    // A cache made for other.cjs, put where cli.cjs's cache goes (the same length, and cli.cjs's name, size and time).
    const script = `const l = require(${JSON.stringify(LOADER)}).createDistLoader(${JSON.stringify({ distDir: dist, cacheDir: dir })});
l.load(${JSON.stringify(join(dist, 'other.cjs'))}); l.writeCaches();`;
    execFileSync(process.execPath, ['-e', script]);
    const planted = readdirSync(dir).find((f) => f.startsWith('other.cjs-'))!;
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
    const loader = createDistLoader({ distDir: dist, cacheDir: blocked, command: 'steps get' });
    expect(loader.load(join(dist, 'cli.cjs')).name).toBe('cli');
    expect(() => loader.writeCaches()).not.toThrow();
    const notADirectory = join(parent, 'file');
    chmodSync(parent, 0o700);
    writeFileSync(notADirectory, '');
    const second = createDistLoader({ distDir: dist, cacheDir: notADirectory, command: 'steps get' });
    expect(second.load(join(dist, 'cli.cjs')).name).toBe('cli');
    expect(() => second.writeCaches()).not.toThrow();
  });
});
