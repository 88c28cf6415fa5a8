// Running a verb from the command line: the context (built on first use, from the global
// flags), the global flags checked against the verb's effects, the verb's own options read
// and checked, --jq compiled — all before any request — then the run function, loaded only
// now. What it throws is main.ts's to report. A command line reaches it parsed by commander
// (./program.ts) or by the fast path (./fast/), as the same Invocation.
import type { Bound } from '../commands/declare.js';
import type { GlobalFlags } from '../config/settings.js';
import type { IO } from '../io/io.js';
import type { Factory } from './factory.js';
import { refuseInapplicable } from './global-options.js';
import { readOptions, type RawOccurrence } from './read-options.js';

export type { RawOccurrence } from './read-options.js';

export interface Session {
  /** The run's IO, made from the global flags the first time something prints. */
  io(globals: GlobalFlags): IO;
  /** The run's one Factory, built (and its module loaded) when the first verb runs. */
  factory(globals: GlobalFlags): Promise<Factory>;
  /** Runs a parsed verb instead of runVerb: for a test that compares what the parsers make of a command line. */
  run?(invocation: Invocation): Promise<void>;
}

/** A verb as a command line asks for it: what it names, with every value as it was typed. */
export interface Invocation {
  bound: Bound;
  /** "pwctl steps get" for `pwctl tasks view` (names, not aliases). */
  path: string;
  /** "pwctl steps get [options] <id>": for messages about positionals. */
  usage: string;
  /** The global options, as commander stores them on the root (`--no-color` → color: false). */
  globals: GlobalFlags;
  /** Positional values in declaration order (a variadic one as an array). */
  positionals: readonly unknown[];
  /** Every raw value of each flag's options, by the flag's key, in the order typed. */
  occurrences: ReadonlyMap<string, readonly RawOccurrence[]>;
}

export async function runVerb(session: Session, invocation: Invocation): Promise<void> {
  const { bound, path, usage, positionals, occurrences } = invocation;
  const ctx = await session.factory(invocation.globals);
  refuseInapplicable(ctx.flags, bound.verb.effects, path);
  const options = await readOptions(bound.verb, { positionals, occurrences, usage }, ctx);
  await ctx.prepare();
  const run = await bound.load();
  await run(ctx, options);
}
