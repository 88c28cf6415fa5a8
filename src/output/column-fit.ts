// Column widths for a table that must fit the terminal. Pure: it sees each column's
// natural width (its widest cell or header), how it may give way, and how wide the part of
// its cells that a cut keeps is — never the text.
//
// When the natural widths do not fit, columns give way in this order — a view lists its
// columns most important first, so the last ones give way first:
//   0. 'optional' columns (details few need) are dropped, from the right, before anything
//      else is cut (a 'wrap' column never is);
//   1. 'shrink' and 'path' columns are cut, and 'wrap' columns narrowed, the widest first,
//      down to their floor: the first 'shrink' column, the record's own title or name,
//      keeps more than the others, and a column whose cells keep their end when cut (a
//      reference's id, a path's file name) keeps room for that end and a little before it;
//   2. while even the floors do not fit, columns are dropped from the right, 'whole' or
//      not — never the first column (the record's id), never a 'wrap' column (a message
//      that must be read whole) — and step 1 runs again;
//   3. last resort, when what is left still does not fit (a first column wider than the
//      terminal, or --fields columns, which are never dropped because the user named
//      them): the widest column is cut, even a 'whole' one.
// A 'whole' column is therefore only ever cut in step 3; ids, UUIDs, URLs and dates are
// dropped with their column before they are shown cut.
import type { Fit } from './view.js';

/** Spaces between two columns. */
export const COLUMN_GAP = 2;
/** The first shrinking column (the record's title or name) keeps at least this many cells, or its natural width if less. */
export const TITLE_FLOOR = 20;
/** Any later shrinking column keeps at least this many, or its natural width if less. */
export const SHRINK_FLOOR = 10;
/** A wrapping column (a message) is at least this wide, or its natural width if less: narrower, it would take more lines than it is worth. */
export const WRAP_FLOOR = 20;
/** Cells of the text before a kept end (`Disco… (41)`, `file …/config.json`) that a column keeps room for. */
export const KEPT_END_LEAD = 6;

export interface ColumnNeed {
  /** The widest cell or header of the column. */
  natural: number;
  fit: Fit;
  /** Dropped before any column is cut (step 0). */
  optional?: boolean;
  /** The widest end its cells keep when cut (a reference's ` (41)`); 0 or undefined when none do. */
  keptEnd?: number;
}

export interface FitOptions {
  /** Whether columns may be dropped (not for --fields). */
  drop: boolean;
}

/** The width of each column, or null for a dropped one; shown widths plus gaps ≤ budget when at all possible. */
export function fitColumns(columns: readonly ColumnNeed[], budget: number, options: FitOptions): Array<number | null> {
  const widths: Array<number | null> = columns.map((c) => c.natural);
  const title = columns.findIndex((c) => c.fit === 'shrink');
  const floorOf = (i: number) => {
    const { natural, fit, keptEnd } = columns[i]!;
    if (fit === 'whole') return natural;
    const floor = fit === 'wrap' ? WRAP_FLOOR : i === title ? TITLE_FLOOR : SHRINK_FLOOR;
    return Math.min(natural, Math.max(floor, keptEnd ? keptEnd + KEPT_END_LEAD : 0));
  };
  const sum = (width: (i: number) => number) => {
    let total = -COLUMN_GAP;
    widths.forEach((w, i) => {
      if (w !== null) total += width(i) + COLUMN_GAP;
    });
    return Math.max(0, total);
  };
  if (sum((i) => widths[i]!) <= budget) return widths;

  if (options.drop) {
    for (let i = columns.length - 1; i > 0 && sum((j) => widths[j]!) > budget; i--) {
      if (columns[i]!.optional && columns[i]!.fit !== 'wrap') widths[i] = null;
    }
    for (let i = columns.length - 1; i > 0 && sum(floorOf) > budget; i--) {
      if (columns[i]!.fit !== 'wrap') widths[i] = null;
    }
  }
  let excess = sum((i) => widths[i]!) - budget;
  excess = narrow(widths, excess, floorOf);
  narrow(widths, excess, () => 1);
  return widths;
}

/** Take `excess` cells from the widest columns above their floor, one at a time; returns what could not be taken. */
function narrow(widths: Array<number | null>, excess: number, floor: (i: number) => number): number {
  while (excess > 0) {
    let widest = -1;
    widths.forEach((w, i) => {
      if (w !== null && w > floor(i) && (widest < 0 || w > widths[widest]!)) widest = i;
    });
    if (widest < 0) return excess;
    widths[widest] = widths[widest]! - 1;
    excess--;
  }
  return 0;
}
