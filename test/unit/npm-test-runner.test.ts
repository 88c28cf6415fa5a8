// `npm test`'s runner (scripts/test.mjs), run as a process in a directory of stand-ins: tsc,
// biome and vitest on PATH and the scripts it runs with node, each noting its name and
// arguments in a log and exiting as told. The runner must run every step, pass its arguments
// to vitest, and fail (exit 1) when any step fails, naming it, with a failed type check's
// output shown and the step it interrupted stopped.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const RUNNER = resolve('scripts/test.mjs');
const NODE_SCRIPTS = ['check-layers', 'build', 'check-bundle'];

interface Outcome {
  /** Exit status of a stand-in (0 unless given). */
  status?: number;
  /** Seconds it takes before exiting. */
  seconds?: number;
  /** It exits only once the log has a line starting with this (another step started or ended). */
  after?: string;
  /** What it prints on stdout. */
  prints?: string;
}

/** Runs the runner with `args` among stand-ins that behave as `outcomes` says (by name); the steps' log, its status and output. */
function runRunner(outcomes: Record<string, Outcome> = {}, args: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'pwctl-npm-test-'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  mkdirSync(join(dir, 'scripts'));
  copyFileSync(RUNNER, join(dir, 'scripts', 'test.mjs'));
  const log = join(dir, 'steps.log');
  const standIn = (name: string) => {
    const { status = 0, seconds = 0, prints = '', after = '' } = outcomes[name] ?? {};
    return [
      `const fs = require('node:fs');`,
      `process.on('SIGTERM', () => { fs.appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(`${name} stopped`)} + '\\n'); process.exit(143); });`,
      `fs.appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(name)} + ' ' + process.argv.slice(2).join(' ') + '\\n');`,
      `process.stdout.write(${JSON.stringify(prints)});`,
      `const exit = () => { fs.appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(`${name} done`)} + '\\n'); process.exit(${status}); };`,
      `const logged = () => fs.readFileSync(${JSON.stringify(log)}, 'utf8').split('\\n').some((line) => line.startsWith(${JSON.stringify(after)}));`,
      `const wait = () => (logged() ? setTimeout(exit, ${seconds * 1000}) : setTimeout(wait, 20));`,
      'wait();',
    ].join('\n');
  };
  for (const name of ['tsc', 'biome', 'vitest']) {
    writeFileSync(join(bin, `${name}.cjs`), standIn(name));
    writeFileSync(join(bin, name), `#!/bin/sh\nexec "${process.execPath}" "${join(bin, `${name}.cjs`)}" "$@"\n`);
    chmodSync(join(bin, name), 0o755);
  }
  for (const name of NODE_SCRIPTS)
    writeFileSync(
      join(dir, 'scripts', `${name}.mjs`),
      standIn(name).replace("require('node:fs')", "process.getBuiltinModule('node:fs')"),
    );
  const result = spawnSync(process.execPath, [join(dir, 'scripts', 'test.mjs'), ...args], {
    cwd: dir,
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` },
    encoding: 'utf8',
  });
  const steps = existsSync(log)
    ? readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.trim())
    : [];
  rmSync(dir, { recursive: true, force: true });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, steps };
}

describe.skipIf(process.platform === 'win32')('npm test (scripts/test.mjs)', () => {
  it('runs the type check and every step in order, and passes its arguments to vitest', () => {
    const { status, steps, stderr } = runRunner({}, ['test/unit', '--reporter=dot']);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(steps).toContain('tsc --noEmit');
    expect(steps).toContain('tsc done');
    expect(steps.filter((step) => !step.startsWith('tsc'))).toEqual([
      'biome check .',
      'biome done',
      'check-layers',
      'check-layers done',
      'build',
      'build done',
      'check-bundle',
      'check-bundle done',
      'vitest run test/unit --reporter=dot',
      'vitest done',
    ]);
  });

  it('fails when a step fails, naming it, and runs none after it', () => {
    const { status, steps, stderr } = runRunner({ build: { status: 2 } });
    expect(status).toBe(1);
    expect(stderr).toContain('npm test: node scripts/build.mjs failed');
    expect(steps).not.toContain('check-bundle');
    expect(steps.some((step) => step.startsWith('vitest'))).toBe(false);
  });

  it('fails when the type check fails, with its output, and stops the step it interrupts', () => {
    const { status, steps, stderr } = runRunner({
      tsc: { status: 2, after: 'vitest run', prints: "src/a.ts(1,1): error TS2322: Type 'string' is not assignable\n" },
      vitest: { seconds: 60 },
    });
    expect(status).toBe(1);
    expect(stderr).toContain("src/a.ts(1,1): error TS2322: Type 'string' is not assignable");
    expect(stderr).toContain('npm test: the type check (tsc --noEmit) failed');
    expect(steps).toContain('vitest stopped');
    expect(steps).not.toContain('vitest done');
  });

  it('fails on a type error that ends after the suite has passed', () => {
    const { status, stderr, steps } = runRunner({ tsc: { status: 2, after: 'vitest done', prints: 'error TS1005\n' } });
    expect(steps).toContain('vitest done');
    expect(status).toBe(1);
    expect(stderr).toContain('error TS1005');
  });
});
