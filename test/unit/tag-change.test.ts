import { describe, expect, it } from 'vitest';
import type { Tag, TagChange } from '../../src/api/types.js';
import { keptUnrequested, mergeTagChanges, tagRows } from '../../src/commands/tags/tag-change.js';

const tag = (id: number, name: string): Tag => ({ id, name, color: 'mint' });
const URGENT = tag(61, 'urgent');
const DESIGN = tag(62, 'design');
const COPY = tag(64, 'copy');
const LEGACY = tag(66, 'legacy-review');
const FRESH = tag(71, 'Fresh');

describe('tagRows', () => {
  it('lists the tags after the change, marked, then the removed ones', () => {
    const change: TagChange = {
      data: [LEGACY, DESIGN, FRESH],
      added: [DESIGN, FRESH],
      removed: [COPY],
      created: [FRESH],
    };
    expect(tagRows(change, new Set([66])).map((r) => [r.id, r.change])).toEqual([
      [66, 'retired'],
      [62, '+'],
      [71, '+ new'],
      [64, '-'],
    ]);
  });

  it('marks nothing for a plain listing', () => {
    const rows = tagRows({ data: [COPY, LEGACY], added: [], removed: [], created: [] });
    expect(rows).toEqual([
      { ...COPY, change: '' },
      { ...LEGACY, change: '' },
    ]);
  });
});

describe('mergeTagChanges', () => {
  it('keeps the last tag list and every delta once', () => {
    const first: TagChange = { data: [URGENT, FRESH], added: [URGENT, FRESH], removed: [], created: [FRESH] };
    const second: TagChange = { data: [URGENT, FRESH, DESIGN], added: [DESIGN, URGENT], removed: [COPY], created: [] };
    expect(mergeTagChanges([first, second])).toEqual({
      data: [URGENT, FRESH, DESIGN],
      added: [URGENT, FRESH, DESIGN],
      removed: [COPY],
      created: [FRESH],
    });
  });

  it('is empty for no changes', () => {
    expect(mergeTagChanges([])).toEqual({ data: [], added: [], removed: [], created: [] });
  });
});

describe('keptUnrequested', () => {
  it('finds tags a replacement left in place although not named: retired-set tags', () => {
    const change: TagChange = {
      data: [LEGACY, DESIGN, URGENT, FRESH],
      added: [DESIGN, FRESH],
      removed: [COPY],
      created: [FRESH],
    };
    // Asked for design by name (in another case), urgent by id, and the new tag Fresh.
    expect([...keptUnrequested(change, ['DESIGN', 61, 'fresh'])]).toEqual([66]);
  });

  it('after --clear, whatever is left was kept', () => {
    const change: TagChange = { data: [LEGACY], added: [], removed: [URGENT], created: [] };
    expect([...keptUnrequested(change, [])]).toEqual([66]);
  });
});
