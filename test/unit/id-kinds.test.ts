// Shell completion offers the ids a view recorded (issue 31): a flag completes the ids of a
// kind (`complete: { ids }`), a view records the ids it prints under its kind (`cache.kind`).
// Both name a kind of ID_KINDS (src/id-kinds.ts), so a misspelt kind does not compile; this
// walks every declaration and every view the commands export, so that a kind completed but
// never recorded (TAB would offer nothing, ever), recorded but never completed, or listed but
// used by neither fails here instead of going unnoticed.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/program.js';
import { loadAll, walkVerbs } from '../../src/commands/declare.js';
import { nameOf } from '../../src/commands/flags.js';
import { ID_KINDS } from '../../src/id-kinds.js';
import type { View } from '../../src/output/view.js';
import { ROOT } from '../helpers/cli.js';

/** Each kind a flag completes, with the flags that do (`steps get <id>`). */
async function completedKinds(): Promise<Map<string, string[]>> {
  const kinds = new Map<string, string[]>();
  for (const { path, bound } of walkVerbs(await loadAll(COMMANDS))) {
    for (const flag of Object.values(bound.verb.flags)) {
      const specs = [flag.complete, ...(flag.form.type === 'either' ? flag.form.options.map((o) => o.complete) : [])];
      for (const kind of specs.flatMap((spec) => (spec?.ids ? [spec.ids] : [])))
        kinds.set(kind, [...(kinds.get(kind) ?? []), `${path.join(' ')} ${nameOf(flag)}`]);
    }
  }
  return kinds;
}

/** Each kind a view records, with the views that do: every view a module of src/commands exports (commands declare the views). */
async function recordedKinds(): Promise<Map<string, string[]>> {
  const dir = join(ROOT, 'src', 'commands');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /(?<!\.d)\.ts$/.test(f));
  const kinds = new Map<string, string[]>();
  for (const file of files.sort()) {
    const module = (await import(join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!isView(value) || !value.cache) continue;
      const { kind } = value.cache;
      kinds.set(kind, [...(kinds.get(kind) ?? []), `${file} ${name}`]);
    }
  }
  return kinds;
}

function isView(value: unknown): value is View<unknown> {
  const view = value as Partial<View<unknown>> | null;
  return typeof view === 'object' && view !== null && Array.isArray(view.fields) && Array.isArray(view.columns);
}

const completed = await completedKinds();
const recorded = await recordedKinds();

describe('the kinds of id shell completion offers', () => {
  it('are found: the walks see flags and views of several kinds', () => {
    expect(completed.size).toBeGreaterThan(3);
    expect(recorded.size).toBeGreaterThan(3);
  });

  it('each kind a flag completes is recorded by a view', () => {
    const unrecorded = [...completed]
      .filter(([kind]) => !recorded.has(kind))
      .map(([kind, flags]) => `${flags.join(', ')}: completes ids of "${kind}", which no view records (cache.kind)`);
    expect(unrecorded).toEqual([]);
  });

  it('each kind a view records is completed by a flag', () => {
    const uncompleted = [...recorded]
      .filter(([kind]) => !completed.has(kind))
      .map(([kind, views]) => `${views.join(', ')}: records ids of "${kind}", which no flag completes (complete.ids)`);
    expect(uncompleted).toEqual([]);
  });

  it('ID_KINDS lists the kinds in use, each letters only (it names a file of the id cache)', () => {
    expect(ID_KINDS.filter((kind) => !completed.has(kind) && !recorded.has(kind))).toEqual([]);
    for (const kind of ID_KINDS) expect(kind).toMatch(/^[a-z]+$/);
  });
});
