// Running a verb from the command line: the context (built on first use, from the global
// flags), the global flags checked against the verb's effects, the verb's own options read
// and checked, --jq compiled — all before any request — then the run function, loaded only
// now. What it throws is main.ts's to report.
import type { Command } from 'commander';
import type { Bound } from '../commands/declare.js';
import type { IO } from '../io/io.js';
import type { Factory } from './factory.js';
import { refuseInapplicable } from './global-options.js';
import { readOptions, type RawOccurrence } from './read-options.js';

export type { RawOccurrence } from './read-options.js';

export interface Session {
  /** The run's IO, made from the global flags the first time something prints. */
  io(command: Command): IO;
  /** The run's one Factory, built (and its module loaded) when the first verb runs. */
  factory(command: Command): Promise<Factory>;
}

export async function runVerb(
  session: Session,
  command: Command,
  bound: Bound,
  positionals: readonly unknown[],
  occurrences: ReadonlyMap<string, readonly RawOccurrence[]>,
): Promise<void> {
  const ctx = await session.factory(command);
  const path = commandPath(command);
  refuseInapplicable(ctx.flags, bound.verb.effects, path);
  const options = await readOptions(bound.verb, { positionals, occurrences, usage: `${path} ${command.usage()}` }, ctx);
  await ctx.prepare();
  const run = await bound.load();
  await run(ctx, options);
}

/** "pwctl steps list" for `pwctl tasks ls` (names, not aliases). */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}
