// The webhooks code keeps to the project's rule of small modules, one job each: no file over
// 300 lines (style.md). The receiver was one file of 369 lines doing HTTP, body budgets and
// verification; it is split by job.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 300;
const ROOTS = ['src/webhooks', 'src/commands/webhooks'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('webhooks modules', () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const over = ROOTS.flatMap(sourceFiles)
      // The inspector page's script is one browser file, embedded as text; it is not a module of pwctl's.
      .filter((path) => !path.includes('/inspect/page/'))
      .map((path) => ({ path, lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter((file) => file.lines > MAX_LINES);
    expect(over).toEqual([]);
  });

  it('the receiver is split by job: HTTP, the budget of unverified bodies, verification, refusals', () => {
    for (const module of ['receiver.ts', 'body-budget.ts', 'verify-delivery.ts', 'rejections.ts'])
      expect(statSync(join('src/webhooks', module)).isFile()).toBe(true);
  });
});
