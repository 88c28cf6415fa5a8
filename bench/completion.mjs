// Completion: the call the shell scripts make at every TAB (`pwctl __complete …`) against
// the bare Node floor (`node -e 0`), interleaved in the same run, medians, as ratios. The
// id cache is filled to its bound (200 tasks, by a real `steps list` against a sandbox) so
// the ids figure includes reading it; the completer itself never connects.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, benchEnv, interleaved, report, startSandbox } from './lib.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 21);
const node = process.execPath;
const configDir = mkdtempSync(join(tmpdir(), 'pwctl-bench-completion-'));
const sandbox = await startSandbox(['--extra-steps', '300', '--rate-limit', '1000000']);
const filled = spawnSync(node, [BIN, 'steps', 'list', '--limit', '200', '-o', 'json'], {
  env: benchEnv({ PWCTL_CONFIG_DIR: configDir, PWCTL_BASE_URL: sandbox.baseUrl, PWCTL_TOKEN: sandbox.tokens.manager }),
  stdio: 'ignore',
});
if (filled.status !== 0) throw new Error('could not fill the id cache');

let medians;
try {
  medians = interleaved(
    {
      floor: [node, ['-e', '0']],
      nouns: [node, [BIN, '__complete', 'bash', '--', '']],
      flags: [node, [BIN, '__complete', 'zsh', '--', 'steps', 'list', '--']],
      ids: [node, [BIN, '__complete', 'zsh', '--', 'steps', 'complete', '']],
    },
    { runs, env: benchEnv({ PWCTL_CONFIG_DIR: configDir, PWCTL_BASE_URL: sandbox.baseUrl }) },
  );
} finally {
  sandbox.child.kill('SIGTERM');
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
