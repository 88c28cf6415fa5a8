// The pure parts of issue 32's list work: which fields --sort offers, how --sort is read, how
// --assignee matches a name, "did you mean" for the start of a word, and the one time format.
import { describe, expect, it } from 'vitest';
import { parseSort, sortablePaths } from '../../src/commands/list-refine.js';
import { isAssignee } from '../../src/commands/steps/list-filters.js';
import { STEP_VIEW } from '../../src/commands/steps/views.js';
import { UsageError } from '../../src/errors.js';
import { shortDate } from '../../src/output/view.js';
import { closest } from '../../src/suggest.js';

describe('--sort', () => {
  it('offers the paths of one value: not objects, not lists, not what is inside a list', () => {
    const view = {
      fields: ['id', 'title', 'phase', 'tags', 'payload'],
      nested: { phase: ['id', 'title', 'owner', 'owner.name'], tags: ['id', 'name'], payload: '*' as const },
      lists: ['tags'],
    };
    expect(sortablePaths(view)).toEqual(['id', 'title', 'phase.id', 'phase.title', 'phase.owner.name']);
  });

  it('reads :desc and :asc in any case, and a field in any case as the view spells it', () => {
    expect(parseSort('due_date:DESC', '--sort', STEP_VIEW)).toEqual({ path: 'due_date', desc: true });
    expect(parseSort('Phase.Title:Asc', '--sort', STEP_VIEW)).toEqual({ path: 'phase.title', desc: false });
    expect(() => parseSort('due_date:down', '--sort', STEP_VIEW)).toThrow(UsageError);
    expect(() => parseSort('assignees.name', '--sort', STEP_VIEW)).toThrow(/holds a list/);
  });
});

describe('--assignee', () => {
  const maya = { id: 1, name: 'Maya Patel-Núñez' };
  it('matches an id exactly, or words that begin consecutive words of the name', () => {
    for (const typed of ['1', 'maya', 'MAY', 'patel', 'nunez', 'Núñez', 'maya pat', 'patel n'])
      expect(isAssignee(maya, typed), typed).toBe(true);
    for (const typed of ['11', 'aya', 'patel maya', 'maya nunez', ' '])
      expect(isAssignee(maya, typed), typed).toBe(false);
  });
});

describe('did you mean', () => {
  it('suggests the only candidate a word begins, after a near miss', () => {
    expect(closest('due', ['id', 'due_date', 'title'])).toBe('due_date');
    expect(closest('titel', ['title', 'titles_x'])).toBe('title');
    // Two candidates begin with it, or one letter says too little: no guess.
    expect(closest('created', ['created_at', 'created_by'])).toBeUndefined();
    expect(closest('d', ['due_date'])).toBeUndefined();
  });
});

describe('times in tables', () => {
  const now = new Date(2026, 10, 30, 18, 0);
  it('show the date only when it is not today, the zone offset always', () => {
    const today = new Date(2026, 10, 30, 14, 2, 9);
    const before = new Date(2026, 10, 29, 23, 59, 1);
    expect(shortDate(today.toISOString(), { now })).toMatch(/^14:02 [+-]\d\d:\d\d$/);
    expect(shortDate(today.toISOString(), { now, seconds: true })).toMatch(/^14:02:09 [+-]\d\d:\d\d$/);
    expect(shortDate(before.toISOString(), { now })).toMatch(/^2026-11-29 23:59 [+-]\d\d:\d\d$/);
    expect(shortDate('', { now })).toBe('');
    expect(shortDate('not a time', { now })).toBe('not a time');
  });
});
