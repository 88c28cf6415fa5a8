// The filters of `steps list` that the API does not have, applied to the tasks read; and,
// when nothing matched, why: an assignee, phase or project that no task read has is likely a
// mistake (a misspelt name, a phase id from another list), and deserves a sentence rather
// than an empty list. It cannot be known before the tasks are read, so it is said, not an error.
import type { Step } from '../../api/types.js';
import type { OptionsFor } from '../declare.js';
import { matchesSearch } from '../list-refine.js';
import type { list } from './read-verbs.js';

/** How many assignees' names the "no assignee named" sentence lists at most. */
const NAMES_SHOWN = 8;
/** Names kept while reading, to choose those shown from. */
const NAMES_KEPT = 200;

export interface StepFilters {
  /** Whether a task is printed; undefined when no client-side filter was given. */
  keep?: (step: Step) => boolean;
  /** Why nothing matched, when a filter named what no task read has (one sentence each). */
  unmatched(): string[];
}

export function stepFilters(opts: OptionsFor<typeof list>): StepFilters {
  const tests: ((step: Step) => boolean)[] = [];
  const unmatched: (() => string | undefined)[] = [];
  const { project, phase, assignee } = opts;
  if (project !== undefined) {
    let seen = false;
    tests.push((s) => {
      const hit = s.project.id === project;
      seen ||= hit;
      return hit;
    });
    unmatched.push(() =>
      seen
        ? undefined
        : `project ${project} is not among the projects of the tasks read; \`pwctl projects list\` lists them`,
    );
  }
  if (phase !== undefined) {
    let seen = false;
    tests.push((s) => {
      const hit = s.phase.id === phase;
      seen ||= hit;
      return hit;
    });
    unmatched.push(() =>
      seen ? undefined : `phase ${phase} is not among the phases of the tasks read; \`pwctl phases list\` lists them`,
    );
  }
  if (opts.client !== undefined) tests.push((s) => s.client?.id === opts.client);
  if (assignee !== undefined) {
    const names = new Set<string>();
    let seen = false;
    tests.push((s) => {
      const people = s.assignees ?? [];
      for (const a of people) if (names.size < NAMES_KEPT) names.add(a.name.replace(/\s+/g, ' ').trim());
      const hit = people.some((a) => isAssignee(a, assignee));
      seen ||= hit;
      return hit;
    });
    unmatched.push(() => (seen ? undefined : noAssignee(assignee, names)));
  }
  const { search, dueBefore, dueAfter } = opts;
  if (search !== undefined) tests.push((s) => matchesSearch(s.title, search));
  // Due dates are calendar days: the day part of the API's timestamp.
  if (dueBefore !== undefined) tests.push((s) => s.due_date !== '' && s.due_date.slice(0, 10) <= dueBefore);
  if (dueAfter !== undefined) tests.push((s) => s.due_date !== '' && s.due_date.slice(0, 10) >= dueAfter);
  return {
    // Every test sees every task (no short cut), so each knows whether any task had what it asks for.
    keep: tests.length === 0 ? undefined : (step) => tests.reduce((kept, test) => test(step) && kept, true),
    unmatched: () => unmatched.flatMap((say) => say() ?? []),
  };
}

/** `--assignee`: a user id exactly, or words that begin consecutive words of the name, in any case and without accents. */
export function isAssignee(person: { id: number; name: string }, typed: string): boolean {
  const wanted = wordsOf(typed);
  if (wanted.length === 0) return false;
  if (String(person.id) === typed.trim()) return true;
  const words = wordsOf(person.name);
  for (let i = 0; i + wanted.length <= words.length; i++) {
    if (wanted.every((word, j) => words[i + j]!.startsWith(word))) return true;
  }
  return false;
}

function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
}

function noAssignee(typed: string, names: ReadonlySet<string>): string {
  if (names.size === 0) return `no assignee named ${JSON.stringify(typed)} (no task read has an assignee)`;
  const sorted = [...names].sort((a, b) => a.localeCompare(b));
  const shown = sorted.slice(0, NAMES_SHOWN).join(', ');
  return `no assignee named ${JSON.stringify(typed)} (assignees: ${shown}${sorted.length > NAMES_SHOWN ? ', …' : ''})`;
}
