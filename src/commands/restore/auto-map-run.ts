// `restore <dir> --map auto`: read the target's structure (each list once, in pages of 1000),
// make the map from titles (./auto-map.ts), print it, and write it where --map-out says (or
// beside the export: <dir>.map.json) for a person to review. Nothing is restored: a map made
// from titles can be wrong in ways only a person sees (two clients' "Design" phases), so the
// restore is the next command, `--map <file>`, which the notice spells out. --dry-run writes
// no file. A map file that exists and differs (edited since, perhaps) is not overwritten.
import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import type { Ctx } from '../context.js';
import type { ExportPart } from '../export/manifest.js';
import { shellWord } from '../shell-word.js';
import { readStructure } from '../structure.js';
import { autoMap } from './auto-map.js';
import type { Export } from './export-dir.js';
import type { RecordKind } from './record-kind.js';
import { AUTO_MAP_VIEW } from './views.js';

export interface AutoMapOptions {
  dir: string;
  mapOut: string | undefined;
  /** The words of the restore to run next, besides <dir> and --map (--only, --results, --overwrite). */
  rest: readonly string[];
}

export async function runAutoMap(
  ctx: Ctx,
  exported: Export,
  kinds: readonly ExportPart[],
  // biome-ignore lint/suspicious/noExplicitAny: the four kinds, each with its own record type
  specs: Record<ExportPart, RecordKind<any, any>>,
  options: AutoMapOptions,
): Promise<void> {
  const out = options.mapOut ?? defaultMapFile(options.dir);
  ctx.io.status('reading the service…');
  const target = await readStructure(await ctx.api(), undefined, {
    steps: true,
    documents: true,
    milestones: true,
    webhooks: true,
  }).finally(() => ctx.io.clearStatus());
  const { rows, map } = autoMap(exported, kinds, specs, target);
  const text = `${JSON.stringify(map, null, 2)}\n`;
  if (!ctx.dryRun) writeMap(out, text);
  await ctx.output.list(rows, AUTO_MAP_VIEW);

  const count = (status: string) => rows.filter((row) => row.status === status).length;
  const unsure = count('ambiguous') + count('missing');
  ctx.io.notice(
    `${rows.length} parents: ${count('mapped')} mapped by title, ${count('ambiguous')} ambiguous, ${count('missing')} missing${unsure > 0 ? ` (left out of the map: their records are unplaceable until you add them to ${out})` : ''}`,
  );
  const next = ['pwctl', 'restore', options.dir, '--map', out, ...options.rest].map(shellWord).join(' ');
  ctx.io.notice(
    ctx.dryRun
      ? `--dry-run: the map was not written (it would go to ${out}); nothing was restored`
      : `wrote the map to ${out}; nothing was restored. Review it, then: ${next} --dry-run`,
  );
}

/** Beside the export, not in it: `backup` → `backup.map.json`, shown as the user would type it. */
function defaultMapFile(dir: string): string {
  const absolute = resolve(dir);
  const file = join(dirname(absolute), `${basename(absolute)}.map.json`);
  const shown = relative(process.cwd(), file);
  return shown.startsWith('..') ? file : shown;
}

/** The map, written whole; an existing file that says something else is left for the person who may have edited it. */
function writeMap(path: string, text: string): void {
  let existing: string | undefined;
  try {
    existing = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (existing !== undefined && existing !== text)
    throw new UsageError(
      `--map-out: ${path} exists and holds another map (edited since it was made?); review it and pass --map ${shellWord(path)}, or name another file with --map-out <file>`,
    );
  if (existing === undefined) writeFileAtomic(path, text);
}
