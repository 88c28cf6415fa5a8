// Flags of a length of time (`--watch [interval]`, `--max-wait <duration>`): a number with its
// unit, or several (`500ms`, `2s`, `1.5s`, `1m30s`, `1h`), read as milliseconds. The unit is
// required: a bare number would be seconds to one user and milliseconds to another, and after
// an option whose value may be left out (`steps get --watch 101`) it is more likely the id
// meant to follow than an interval.
import { UsageError } from '../../errors.js';
import { durationText } from '../../output/duration.js';
import type { CommonOptions, Flag, PresentOf } from './flag.js';
import { valueFlag } from './value.js';

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/gy;
const FORMS = '500ms, 2s, 1.5s, 1m30s, 1h';

export interface DurationBounds {
  /** The shortest accepted, in milliseconds. */
  min: number;
  /** The longest accepted, in milliseconds. */
  max: number;
}

/**
 * A duration with its unit, within `bounds`; a UsageError naming `name` and the accepted forms.
 * `before`: the option's value may be left out, so a bare number may be the argument meant to follow.
 */
export function parseDuration(value: string, name: string, bounds: DurationBounds, before?: string): number {
  const text = value.trim().toLowerCase();
  let ms = 0;
  let at = 0;
  PART.lastIndex = 0;
  for (let m = PART.exec(text); m; m = PART.exec(text)) {
    ms += Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
    at = PART.lastIndex;
  }
  if (text === '' || at !== text.length) {
    const bare = /^\d+(\.\d+)?$/.test(text);
    const hint = bare
      ? `; for ${text} seconds write ${text}s${before ? `, or give ${before} before ${name}` : ''}`
      : '';
    throw new UsageError(`${name} takes a duration with its unit (${FORMS}), got ${JSON.stringify(value)}${hint}`);
  }
  if (ms < bounds.min || ms > bounds.max)
    throw new UsageError(
      `${name} must be from ${durationText(bounds.min)} to ${durationText(bounds.max)}, got ${JSON.stringify(value)}`,
    );
  return ms;
}

/**
 * A duration flag, in milliseconds. With `bare`, the value may be left out (`--watch` alone:
 * that many milliseconds); `before` names the argument a bare number more likely is.
 */
export function duration<const O extends CommonOptions<number> & DurationBounds & { bare?: number; before?: string }>(
  spec: string,
  help: string,
  options: O,
): Flag<number, PresentOf<O>> {
  const { min, max, bare, before, ...common } = options;
  return valueFlag(spec, help, common as O, {
    placeholder: bare === undefined ? '<duration>' : '[interval]',
    parse: (value, name) => parseDuration(value, name, { min, max }, before),
    schema: { type: 'string', description: FORMS },
    ...(bare === undefined ? {} : { bare }),
  });
}
