// From what a command line typed to the options a run function takes: every declared flag
// read from its raw occurrences, checked and converted by its own parser, its default applied
// when it is absent; ids from standard input for a lone `-`; flags that exclude each other
// refused; a missing required value asked for when a person is at the terminal (a picker
// over the records it refers to, or a prompt validated as the flag would be), refused
// otherwise. All of it before any request that changes anything, so a mistake costs nothing.
import type { Verb } from '../commands/declare.js';
import { nameOf, usageOf, type Flag, type ParseInput, type PromptSpec, type RawValue } from '../commands/flags.js';
import type { Asker, Ctx } from '../commands/context.js';
import { checkRules, type RuleWords } from '../commands/rules.js';
import { NOTHING_SENT, UsageError } from '../errors.js';
import { idsFromText } from './stdin-ids.js';

/** One typed value of an option, in the order given. */
export interface RawOccurrence {
  long: string;
  value: unknown;
}

export interface CommandLine {
  /** Positional values in declaration order (a variadic one as an array). */
  positionals: readonly unknown[];
  /** Occurrences of each flag's options, by the flag's key. */
  occurrences: ReadonlyMap<string, readonly RawOccurrence[]>;
  /** `pwctl steps get [options] <id>`: for messages about positionals. */
  usage: string;
}

export async function readOptions(verb: Verb, line: CommandLine, ctx: Ctx): Promise<Record<string, unknown>> {
  const options: Record<string, unknown> = {};
  const absent: Flag[] = [];
  let position = 0;
  for (const [key, flag] of Object.entries(verb.flags)) {
    const raw =
      flag.form.type === 'positional'
        ? await positional(flag, line.positionals[position++], ctx)
        : given(flag, line.occurrences.get(key) ?? []);
    const input = {
      name: nameOf(flag),
      readText: async (source: string, name: string) =>
        (await import('../commands/read-input.js')).readInput(ctx, source, name),
    };
    if (raw === undefined) {
      if (flag.defaultValue !== undefined) options[key] = flag.defaultValue;
      else if (flag.required && ctx.ask)
        options[key] = await flag.parse(await askFor(flag, ctx, ctx.ask, input), input);
      else if (flag.required) absent.push(flag);
      continue;
    }
    options[key] = await flag.parse(raw, input);
  }
  if (absent.length > 0) throw missing(absent, line.usage);
  checkRules(verb, options, commandLineWords(verb, line));
  return options;
}

/** Flags named as they were typed (`--first`), or by every form when not given (`--first/--last`). */
function commandLineWords(verb: Verb, line: CommandLine): RuleWords {
  const typed = (key: string) => line.occurrences.get(key)?.at(-1)?.long;
  const name = (key: string) => {
    const flag = verb.flags[key];
    return flag ? nameOf(flag) : key;
  };
  return {
    name,
    forms: (key) => {
      const form = verb.flags[key]?.form;
      return form?.type === 'choice' || form?.type === 'either' ? form.options.map((o) => o.long) : [name(key)];
    },
    together: (first, second) =>
      `${typed(first) ?? name(first)} and ${typed(second) ?? name(second)} cannot be used together; choose one`,
  };
}

/** A positional's raw value: a string, the strings of a variadic one, or ids read from standard input. */
async function positional(flag: Flag, value: unknown, ctx: Ctx): Promise<RawValue | undefined> {
  const form = flag.form;
  if (form.type !== 'positional') return undefined;
  if (!form.variadic) return typeof value === 'string' ? value : undefined;
  const values = Array.isArray(value) ? value.map(String) : [];
  if (values.length === 0) return undefined;
  if (!form.stdin || !values.includes('-')) return values;
  const name = nameOf(flag);
  if (values.length > 1)
    throw new UsageError(`${name}: '-' (read from standard input) cannot be combined with other ids`);
  // The parser tells ids read from standard input by this shape, to name the item a mistake is in.
  const { readInput } = await import('../commands/read-input.js');
  return { stdin: idsFromText(await readInput(ctx, '-', name, 'ids, one per line,'), name) };
}

/** An option's raw value from its occurrences; undefined when it was not given. */
function given(flag: Flag, occurrences: readonly RawOccurrence[]): RawValue | undefined {
  if (occurrences.length === 0) return undefined;
  const form = flag.form;
  switch (form.type) {
    case 'value': {
      // Commander gives an optional value typed without one as null.
      const value = (o: RawOccurrence) => (form.optional && o.value == null ? true : String(o.value));
      return form.repeatable ? occurrences.map((o) => String(o.value)) : value(occurrences[occurrences.length - 1]!);
    }
    case 'switch':
      return true;
    case 'negation':
      return false;
    case 'choice': {
      const longs = onlyOne(occurrences);
      return form.options.find((o) => o.long === longs)!.value;
    }
    case 'either': {
      const long = onlyOne(occurrences);
      const last = occurrences.filter((o) => o.long === long).at(-1)!;
      return { long, value: String(last.value) };
    }
    case 'positional':
      return undefined;
  }
}

/** The one option of a choice that was given; two different ones are a usage error naming both. */
function onlyOne(occurrences: readonly RawOccurrence[]): string {
  const longs = [...new Set(occurrences.map((o) => o.long))];
  if (longs.length > 1) throw new UsageError(`${longs.join(' and ')} cannot be used together; choose one`);
  return longs[0]!;
}

/** A missing required value from the person at the terminal: picked from what it refers to, or typed and checked as the flag would be. */
async function askFor(flag: Flag, ctx: Ctx, ask: Asker, input: ParseInput): Promise<RawValue> {
  const many = flag.form.type === 'positional' && flag.form.variadic;
  const spec = askedAs(flag);
  const label = promptLabel(flag, spec);
  if (spec.kind === 'pick') {
    ctx.io.status(`${label}: loading…`);
    const choices = await spec.choices(ctx);
    ctx.io.clearStatus();
    if (choices.length === 0)
      throw new UsageError(`${usageOf(flag)} is required, and there is nothing to choose from: ${spec.none}`);
    if (!many) return ask.choose(label, choices);
    const chosen = await ask.chooseMany(label, choices);
    if (chosen.length === 0) throw new UsageError(`nothing was chosen; ${NOTHING_SENT}`);
    return chosen;
  }
  const check = (value: string) => {
    const parsed = flag.parse(many ? words(value) : value, input);
    // A value read from a file is checked when it is read, after the prompt.
    if (parsed instanceof Promise) parsed.catch(() => {});
  };
  const typed = await ask.text(label, check, spec.placeholder);
  return many ? words(typed) : typed;
}

/** How a missing value is asked for: the flag's own prompt, a picker over its fixed values, or a text prompt. */
export function askedAs(flag: Flag): PromptSpec {
  if (flag.prompt) return flag.prompt;
  const values = flag.complete?.values;
  if (!values) return { kind: 'text' };
  const choices = values.map((v) =>
    typeof v === 'string' ? { value: v, label: v } : { value: v[0], label: v[0], hint: v[1] },
  );
  return { kind: 'pick', message: flag.help, choices: async () => choices, none: 'no values' };
}

/**
 * What a prompt or picker is labelled, one way for all: what is asked, in sentence case
 * (the declaration's words, else the flag's help), without closing punctuation, and for an
 * option the option that gives it next time: `Phase of the new task (--phase)`.
 */
export function promptLabel(flag: Flag, spec: PromptSpec = askedAs(flag)): string {
  const said = spec.message ?? flag.help;
  const what = `${said.charAt(0).toUpperCase()}${said.slice(1)}`;
  return flag.form.type === 'positional' ? what : `${what} (${nameOf(flag)})`;
}

/** Several values typed on one line, separated by spaces. */
function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

/** Every required value that is missing, in one line: a positional with the usage, one flag with what it is for. */
function missing(flags: readonly Flag[], usage: string): UsageError {
  const flag = flags[0]!;
  if (flag.form.type === 'positional') {
    const stdin = flag.form.stdin ? ': give one or more, or - to read them from standard input' : '';
    return new UsageError(`missing ${usageOf(flag)}${stdin}; usage: ${usage}`);
  }
  if (flags.length === 1) return new UsageError(`${usageOf(flag)} is required: ${flag.help}`);
  return new UsageError(`missing required flags: ${flags.map(usageOf).join(', ')}`);
}
