// What hangs from a record, shown to a person below its detail rows (`projects get`,
// `phases get`): a titled table per kind of record, or a word that there is none. Data
// formats get the same records as arrays of the one object instead.
import type { View } from '../output/view.js';
import type { Ctx } from './context.js';

/** When a section may be long: how many rows it shows, and the command that lists them all. */
export interface SectionCut {
  rows: number;
  all: string;
}

export async function printSection<T>(
  ctx: Ctx,
  title: string,
  records: readonly T[],
  view: View<T>,
  cut?: SectionCut,
): Promise<void> {
  if (records.length === 0) return ctx.output.text(`\n${title}: none`);
  const shown = cut && records.length > cut.rows ? records.slice(0, cut.rows) : records;
  const part = shown.length < records.length ? `, the first ${shown.length}` : '';
  await ctx.output.text(`\n${title} (${records.length}${part}):`);
  await ctx.output.list(shown, view);
  if (cut && shown.length < records.length)
    await ctx.output.text(`… ${records.length - shown.length} more: ${cut.all}`);
}

/** A view's list without the columns that would repeat the record the section is under (its PROJECT). */
export function withoutColumns<T>(view: View<T>, headers: readonly string[]): View<T> {
  return { ...view, columns: view.columns.filter((column) => !headers.includes(column.header)) };
}
