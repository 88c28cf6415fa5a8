// One request: `pwctl steps get <id> -o json` against a sandbox already running on
// loopback, vs a minimal Node script that does the same GET with fetch and prints the body.
// Both interleaved in the same run; medians; the ratio is the figure.
import { spawn } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BIN, benchEnv, interleaved, report } from './lib.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 21);
const sandbox = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '-o', 'json', '--rate-limit', '1000000'], { env: benchEnv(), stdio: ['ignore', 'pipe', 'ignore'] });
const ready = JSON.parse(await new Promise((resolve) => createInterface({ input: sandbox.stdout }).once('line', resolve)));
try {
  const dir = mkdtempSync(join(tmpdir(), 'pwctl-bench-'));
  const script = join(dir, 'fetch-one.mjs');
  writeFileSync(
    script,
    `const r = await fetch(${JSON.stringify(`${ready.base_url}/api/v1/steps/101`)}, { headers: { authorization: 'Bearer ${ready.tokens.manager}', accept: 'application/json' } });\nprocess.stdout.write(await r.text() + '\\n');\n`,
  );
  const env = benchEnv({ PWCTL_BASE_URL: ready.base_url, PWCTL_TOKEN: ready.tokens.manager, PWCTL_CONFIG_DIR: dir });
  const node = process.execPath;
  const medians = interleaved(
    {
      floor: [node, ['-e', '0']],
      fetch: [node, [script]],
      pwctl: [node, [BIN, 'steps', 'get', '101', '-o', 'json']],
      pwctlTierUp: [node, [BIN, 'steps', 'get', '101', '-o', 'json']],
    },
    { runs, env, perCommandEnv: { pwctlTierUp: { PWCTL_WASM_TIER_UP: '1' } } },
  );
  const ratio = medians.pwctl / medians.fetch;
  report('one-request', [
    { name: 'node -e 0 (floor)', value: medians.floor, unit: 'ms' },
    { name: 'fetch script', value: medians.fetch, unit: 'ms' },
    { name: 'pwctl steps get -o json', value: medians.pwctl, unit: 'ms' },
    { name: 'same, WebAssembly tier-up on', value: medians.pwctlTierUp, unit: 'ms' },
    { name: 'pwctl / fetch script', value: ratio, unit: 'x', target: '<= 1.15x', met: ratio <= 1.15 },
  ]);
} finally {
  sandbox.kill('SIGINT');
}
