// Flags that are switches: one (`--force`, `--no-create`), or several standing for the values
// of one setting (`--published | --draft`, `--approve | --reject`). What a switch stands for
// is fixed, so both front ends take its value through one conversion: the command line gives
// the value of the switch typed, an agent the value itself (its schema names them).
import {
  BOOLEAN,
  makeFlag,
  type CommonOptions,
  type Flag,
  type FlagForm,
  type JsonSchema,
  type PresentOf,
} from './flag.js';
import { fieldOf, optionNames } from './form.js';

/** A flag of switches, its value taken by `convert` from what was given (a switch's value, or an agent's). */
function switchesFlag<V extends string | boolean, P extends boolean>(
  form: FlagForm,
  help: string,
  options: CommonOptions<V> | undefined,
  field: string,
  schema: JsonSchema,
  convert: (given: unknown) => V,
): Flag<V, P> {
  return makeFlag<V, P>(form, help, options, field, convert, { schema, fromJson: convert });
}

const isTrue = (given: unknown): boolean => given === true;

/** A switch (`--force`): true when given, false otherwise. `--no-x` declares one that is true unless given. */
export function flag<const O extends Omit<CommonOptions<boolean>, 'required' | 'default'>>(
  spec: string,
  help: string,
  options?: O,
): Flag<boolean, true> {
  const { long, short } = optionNames(spec);
  const negated = long.startsWith('--no-');
  const form: FlagForm = negated ? { type: 'negation', long } : { type: 'switch', long, ...(short ? { short } : {}) };
  const field = fieldOf(negated ? `--${long.slice(5)}` : long);
  return switchesFlag(form, help, { ...options, default: negated }, field, BOOLEAN, isTrue);
}

/**
 * A setting with a switch for each side (`--published | --draft`): true, false, or not given.
 * Both at once is a usage error naming them.
 */
export function toggle<const O extends CommonOptions<boolean>>(
  on: string,
  off: string,
  help: { on: string; off: string },
  options?: O,
): Flag<boolean, PresentOf<O>> {
  const onLong = optionNames(on).long;
  const form: FlagForm = {
    type: 'choice',
    options: [
      { long: onLong, help: help.on, value: true },
      { long: optionNames(off).long, help: help.off, value: false },
    ],
  };
  return switchesFlag(form, `${help.on}; ${help.off}`, options, fieldOf(onLong), BOOLEAN, isTrue);
}

/** One value of several, each given by its own switch (`--approve | --reject`, `--first | --last`). */
export function choice<const V extends string, const O extends CommonOptions<V>>(
  switches: Readonly<Record<string, readonly [value: V, help: string]>>,
  help: string,
  options?: O & { field: string | false },
): Flag<V, PresentOf<O>> {
  const choices = Object.entries(switches).map(([long, [value, h]]) => ({ long, value, help: h }));
  const schema = { enum: choices.map((c) => c.value) };
  return switchesFlag({ type: 'choice', options: choices }, help, options, '', schema, (given) => given as V);
}
