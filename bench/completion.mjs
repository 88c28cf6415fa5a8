// Completion: the call the shell scripts make at every TAB (`pwctl __complete …`) against
// the bare Node floor (`node -e 0`), interleaved in the same run, medians, as ratios. The
// id cache is filled to its bound (200 tasks) so the ids figure includes reading it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, benchEnv, interleaved, report } from './lib.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 21);
const node = process.execPath;
const configDir = mkdtempSync(join(tmpdir(), 'pwctl-bench-completion-'));
mkdirSync(join(configDir, 'cache', 'default'), { recursive: true });
const lines = Array.from({ length: 200 }, (_, i) => `${1000 + i}\tTask number ${i} with a title of ordinary length\n`);
writeFileSync(join(configDir, 'cache', 'default', 'steps.tsv'), lines.join(''));

let medians;
try {
  medians = interleaved(
    {
      floor: [node, ['-e', '0']],
      nouns: [node, [BIN, '__complete', 'bash', '--', '']],
      flags: [node, [BIN, '__complete', 'zsh', '--', 'steps', 'list', '--']],
      ids: [node, [BIN, '__complete', 'zsh', '--', 'steps', 'complete', '']],
    },
    { runs, env: benchEnv({ PWCTL_CONFIG_DIR: configDir }) },
  );
} finally {
  rmSync(configDir, { recursive: true, force: true });
}

const ratio = (name) => medians[name] / medians.floor;
const worst = Math.max(ratio('nouns'), ratio('flags'), ratio('ids'));
report('completion', [
  { name: 'node -e 0 (floor)', value: medians.floor, unit: 'ms' },
  { name: '__complete: nouns', value: medians.nouns, unit: 'ms' },
  { name: '__complete: steps list flags', value: medians.flags, unit: 'ms' },
  { name: '__complete: cached step ids', value: medians.ids, unit: 'ms' },
  { name: 'completion call / floor (worst)', value: worst, unit: 'x', target: '<= 1.3x', met: worst <= 1.3 },
]);
