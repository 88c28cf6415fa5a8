// Glue between commander and verbs: an action handler that builds the Factory from the
// parsed global options and calls the verb's lazily imported run function.
import type { Command } from 'commander';
import type { Factory } from '../factory.js';

export interface Session {
  /** The run's one Factory, built (and its module loaded) when the first verb runs. */
  factory(command: Command): Promise<Factory>;
}

/**
 * `action(session, (ctx, ...args) => ...)` for commander's `.action()`: the handler gets the
 * Factory followed by the positional arguments and the command's own options.
 */
export function action<A extends unknown[]>(session: Session, run: (ctx: Factory, ...args: A) => Promise<void>) {
  return async (...args: unknown[]): Promise<void> => {
    const command = args[args.length - 1] as Command;
    const ctx = await session.factory(command);
    await ctx.prepare();
    await run(ctx, ...(args.slice(0, -1) as A));
  };
}

/** Commander's collector for repeatable options (`-f a=1 -f b=2`). */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
