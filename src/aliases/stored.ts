// The aliases as the config store keeps them: beside the profiles, for every profile alike
// (they are the user's words, not a service's), `aliases: {"<name>": "<expansion>"}`, the
// expansion as it was typed. This module is the only one that reads or changes that key; a
// change goes through ConfigStore.update, under the store's lock, so processes setting
// different aliases at once lose nothing.
import type { ConfigData } from '../config/store.js';
import { UsageError } from '../errors.js';

/** A letter, then letters, digits, `-` or `_`: a word no shell quotes, and never an option. */
const ALIAS_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** The name, when it is one an alias may have; else a UsageError naming `flag` and the form. */
export function parseAliasName(name: string, flag: string): string {
  if (!ALIAS_NAME.test(name))
    throw new UsageError(
      `${flag} must be a letter followed by letters, digits, '-' or '_' (e.g. mine), got ${JSON.stringify(name)}`,
    );
  return name;
}

/** name → expansion, sorted by name; entries that are not a name and a text (a hand edit) are left out. */
export function storedAliases(data: unknown): Record<string, string> {
  const aliases = (data as { aliases?: unknown } | null | undefined)?.aliases;
  if (!aliases || typeof aliases !== 'object' || Array.isArray(aliases)) return {};
  return Object.fromEntries(
    Object.entries(aliases as Record<string, unknown>)
      .filter((entry): entry is [string, string] => ALIAS_NAME.test(entry[0]) && typeof entry[1] === 'string')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** The expansion of the alias `name`, if one is stored (own keys only: `constructor` is no alias). */
export function findAlias(data: unknown, name: string): string | undefined {
  const aliases = storedAliases(data);
  return Object.hasOwn(aliases, name) ? aliases[name] : undefined;
}

/** Store `expansion` as `name`, replacing any alias of that name. */
export function putAlias(data: ConfigData, name: string, expansion: string): void {
  data.aliases = { ...storedAliases(data), [name]: expansion };
}

/** Forget the alias `name`; false when there was none. */
export function removeAlias(data: ConfigData, name: string): boolean {
  const aliases = storedAliases(data);
  if (!Object.hasOwn(aliases, name)) return false;
  delete aliases[name];
  if (Object.keys(aliases).length === 0) delete data.aliases;
  else data.aliases = aliases;
  return true;
}
