// Flag checks shared by the steps verbs. Each throws a UsageError naming the flags and the
// accepted form, before any request.
import { STEP_INCLUDES, type StepInclude } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { parseEnum } from '../../validate.js';

/** --include content,tags → the named includes, each once. */
export function parseIncludes(value: string | undefined): StepInclude[] | undefined {
  if (value === undefined) return undefined;
  const names = value.split(',').map((v) => v.trim()).filter((v) => v !== '');
  if (names.length === 0) throw new UsageError(`--include takes a comma-separated list of ${STEP_INCLUDES.join(', ')}`);
  const includes: StepInclude[] = [];
  for (const name of names) {
    const include = parseEnum(name, STEP_INCLUDES, '--include');
    if (!includes.includes(include)) includes.push(include);
  }
  return includes;
}

/**
 * The includes a request needs: those asked for with --include, plus content and tags when
 * --fields names them (they are only sent when asked for).
 */
export function includesFor(include: string | undefined, fields: readonly string[] | undefined): StepInclude[] | undefined {
  const includes = parseIncludes(include) ?? [];
  for (const name of STEP_INCLUDES) {
    if (!includes.includes(name) && fields?.some((f) => f.split('.')[0] === name)) includes.push(name);
  }
  return includes.length > 0 ? includes : undefined;
}

/** At most one of the given flags; [flag name, given?] pairs. */
export function atMostOne(flags: ReadonlyArray<readonly [string, boolean]>): void {
  const given = flags.filter(([, present]) => present).map(([name]) => name);
  if (given.length > 1) throw new UsageError(`${given.join(' and ')} cannot be used together; choose one`);
}

