// The rules a verb declares between its flags (./declare.ts `rules`), checked once the flags
// are parsed and before the verb runs. Each front end names flags its own way: the command
// line by what was typed (`--first and --after cannot be used together`), an agent by the
// API's field names (`give exactly one of position or after_step_id`).
import { UsageError } from '../errors.js';
import type { Rule, Verb } from './declare.js';

export interface RuleWords {
  /** How a flag is named in messages. */
  name(key: string): string;
  /** Every way to give a flag, for a list of choices (`--first`, `--last` for a choice; `content`). */
  forms(key: string): string[];
  /** The message for two flags given together that exclude each other. */
  together(first: string, second: string, all: readonly string[]): string;
}

export function checkRules(verb: Verb, options: Readonly<Record<string, unknown>>, words: RuleWords): void {
  const given = (key: string) => options[key] !== undefined && !isDefault(verb, key, options[key]);
  for (const rule of (verb.rules ?? []) as readonly Rule[]) {
    if ('exclusive' in rule || 'exactlyOne' in rule) {
      const keys = 'exclusive' in rule ? rule.exclusive : rule.exactlyOne;
      const present = keys.filter(given);
      if (present.length > 1) throw new UsageError(words.together(present[0]!, present[1]!, keys));
      if ('exactlyOne' in rule && present.length === 0)
        throw new UsageError(`give exactly one of ${list(keys.flatMap(words.forms))}`);
    } else if ('anyOf' in rule) {
      if (!rule.anyOf.some(given))
        throw new UsageError(`${rule.what}: give at least one of ${list(rule.anyOf.flatMap(words.forms))}`);
    } else {
      const [key, needed] = rule.requires;
      if (given(key) && !given(needed))
        throw new UsageError(`${words.name(key)} applies only with ${list(words.forms(needed))}`);
    }
  }
}

/** A switch left at its default (false, or true for a --no- switch) was not given. */
function isDefault(verb: Verb, key: string, value: unknown): boolean {
  const flag = verb.flags[key];
  return (
    flag !== undefined && (flag.form.type === 'switch' || flag.form.type === 'negation') && value === flag.defaultValue
  );
}

/** "a, b or c". */
export function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
