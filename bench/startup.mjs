// Start-up: pwctl --version, --help and `steps list --help` against the bare Node floor
// (`node -e 0`), interleaved in the same run, medians, as ratios.
import { BIN, interleaved, report } from './lib.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 21);
const node = process.execPath;
const medians = interleaved(
  {
    floor: [node, ['-e', '0']],
    version: [node, [BIN, '--version']],
    help: [node, [BIN, '--help']],
    stepsListHelp: [node, [BIN, 'steps', 'list', '--help']],
  },
  { runs },
);

const ratio = (name) => medians[name] / medians.floor;
report('startup', [
  { name: 'node -e 0 (floor)', value: medians.floor, unit: 'ms' },
  { name: 'pwctl --version', value: medians.version, unit: 'ms' },
  { name: 'pwctl --help', value: medians.help, unit: 'ms' },
  { name: 'pwctl steps list --help', value: medians.stepsListHelp, unit: 'ms' },
  { name: '--version / floor', value: ratio('version'), unit: 'x', target: '<= 1.25x', met: ratio('version') <= 1.25 },
  { name: '--help / floor', value: ratio('help'), unit: 'x', target: '<= 1.6x', met: ratio('help') <= 1.6 },
  { name: 'steps list --help / floor', value: ratio('stepsListHelp'), unit: 'x', target: '<= 1.6x', met: ratio('stepsListHelp') <= 1.6 },
]);
