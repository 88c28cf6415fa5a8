// Start-up: pwctl --version, --help and `steps list --help` against the bare Node floor
// (`node -e 0`), interleaved in the same run, medians, as ratios — on every Node version
// benchNodes() names (PWCTL_BENCH_NODES=22,24 adds those). Each version runs with its
// module compile cache warm where it has one (Node 22.1+), as a user's second command would.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, benchEnv, benchNodes, interleaved, report } from './lib.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 21);
const nodes = await benchNodes();
const commands = {};
for (const { name, bin } of nodes) {
  commands[`${name}: node -e 0`] = [bin, ['-e', '0']];
  commands[`${name}: --version`] = [bin, [BIN, '--version']];
  commands[`${name}: --help`] = [bin, [BIN, '--help']];
  commands[`${name}: steps list --help`] = [bin, [BIN, 'steps', 'list', '--help']];
}
const home = mkdtempSync(join(tmpdir(), 'pwctl-bench-startup-'));
const medians = interleaved(commands, { runs, env: benchEnv({ HOME: home, XDG_CACHE_HOME: join(home, '.cache') }) });

const figures = Object.entries(medians).map(([name, value]) => ({ name, value, unit: 'ms' }));
for (const { name } of nodes) {
  const ratio = (what) => medians[`${name}: ${what}`] / medians[`${name}: node -e 0`];
  figures.push(
    {
      name: `${name}: --version / floor`,
      value: ratio('--version'),
      unit: 'x',
      target: '<= 1.25x',
      met: ratio('--version') <= 1.25,
    },
    {
      name: `${name}: --help / floor`,
      value: ratio('--help'),
      unit: 'x',
      target: '<= 1.8x',
      met: ratio('--help') <= 1.8,
    },
    {
      name: `${name}: steps list --help / floor`,
      value: ratio('steps list --help'),
      unit: 'x',
      target: '<= 1.8x',
      met: ratio('steps list --help') <= 1.8,
    },
  );
}
report('startup', figures);
