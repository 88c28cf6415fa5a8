// "Did you mean …?" for a mistyped name: the closest of the known names by edit distance,
// when it is close enough to be what was meant (as git and commander suggest).

/**
 * The closest candidate to `word`, or undefined when none is near: within a few edits, or
 * else the only one that begins with it (`due` → `due_date`, `tom` → `tomorrow`).
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = word.toLowerCase();
  const extending: string[] = [];
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
    if (lower.length >= MIN_PREFIX && candidate.toLowerCase().startsWith(lower)) extending.push(candidate);
  }
  // A third of the length, at least one edit: `stagin` → `staging`, not `prod` → `staging`.
  if (best !== undefined && bestDistance <= Math.max(1, Math.floor(word.length / 3))) return best;
  return extending.length === 1 ? extending[0] : undefined;
}

/** A shorter start says too little to be a guess (`d` begins half the fields). */
const MIN_PREFIX = 2;

/**
 * The field a short or spreadsheet-style name stands for (`Due` → due_date, `Phase` →
 * phase_id, `approval` → is_approval): the one field a word of which begins with every word
 * of `name`, when exactly one does; else the closest by edit distance (`titel` → title).
 * A field's `is_` and `_id` say its type, not what it is: `id` alone means no field.
 */
export function closestField(name: string, fields: Iterable<string>): string | undefined {
  const words = name
    .trim()
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const candidates = [...fields];
  const starting = candidates.filter((field) => {
    const parts = field
      .toLowerCase()
      .split('_')
      .filter((part) => part !== 'is' && part !== 'id');
    return words.length > 0 && words.every((word) => parts.some((part) => part.startsWith(word)));
  });
  return starting.length === 1 ? starting[0] : closest(words.join('_'), candidates);
}

/** " (did you mean x?)", or nothing. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const match = closest(word, candidates);
  return match === undefined ? '' : ` (did you mean ${match}?)`;
}

/** Damerau-Levenshtein distance (a swap of two neighbours counts once). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
