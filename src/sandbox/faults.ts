// Fault injection: the next N requests matching a rule misbehave in a chosen way.
import { HttpError } from './http-error.js';
import type { FaultAction, FaultInjector, FaultRule } from './types.js';

interface ActiveRule {
  method: string | null;
  path: string | RegExp;
  remaining: number;
  action: FaultAction;
}

export class Faults implements FaultInjector {
  private rules: ActiveRule[] = [];

  add(rule: FaultRule): void {
    const count = rule.count ?? 1;
    if (!Number.isInteger(count) || count < 1) throw new TypeError('fault rule count must be a positive integer');
    this.rules.push({
      method: rule.method?.toUpperCase() ?? null,
      path: rule.path,
      remaining: count,
      action: rule.action,
    });
  }

  clear(): void {
    this.rules = [];
  }

  /** The action for this request, consuming one use of the first matching rule. */
  take(method: string, path: string): FaultAction | null {
    const index = this.rules.findIndex(
      (r) =>
        (r.method === null || r.method === method) &&
        (typeof r.path === 'string' ? r.path === path : matches(r.path, path)),
    );
    const rule = this.rules[index];
    if (!rule) return null;
    if (--rule.remaining <= 0) this.rules.splice(index, 1);
    return rule.action;
  }
}

function matches(re: RegExp, path: string): boolean {
  re.lastIndex = 0; // a /g or /y RegExp keeps state between test() calls
  return re.test(path);
}

const bad = (message: string): HttpError => new HttpError(422, message, { rule: [message] });

/** A rule sent as JSON to POST /_sandbox/faults; `path` is a string or {"regex": "..."}. */
export function parseFaultRule(input: unknown): FaultRule {
  if (typeof input !== 'object' || input === null) throw bad('The fault rule must be a JSON object.');
  const raw = input as Record<string, unknown>;
  let path: string | RegExp;
  if (typeof raw.path === 'string') path = raw.path;
  else if (
    typeof raw.path === 'object' &&
    raw.path !== null &&
    typeof (raw.path as { regex?: unknown }).regex === 'string'
  ) {
    try {
      path = new RegExp((raw.path as { regex: string }).regex);
    } catch {
      throw bad('path.regex is not a valid regular expression.');
    }
  } else throw bad('path must be a string or {"regex": "..."}.');
  if (raw.method !== undefined && typeof raw.method !== 'string') throw bad('method must be a string.');
  if (raw.count !== undefined && (typeof raw.count !== 'number' || !Number.isInteger(raw.count) || raw.count < 1)) {
    throw bad('count must be a positive integer.');
  }
  return { method: raw.method, path, count: raw.count as number | undefined, action: parseAction(raw.action) };
}

function parseAction(input: unknown): FaultAction {
  if (typeof input !== 'object' || input === null) throw bad('action must be an object with a type.');
  const a = input as Record<string, unknown>;
  const int = (name: string, min: number): number => {
    const value = a[name];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
      throw bad(`action.${name} must be an integer ≥ ${min}.`);
    return value;
  };
  switch (a.type) {
    case 'status':
      return { type: 'status', status: int('status', 100), ...(a.body !== undefined ? { body: a.body } : {}) };
    case 'delay':
      return { type: 'delay', ms: int('ms', 0) };
    case 'rate-limit':
      return { type: 'rate-limit', retryAfter: int('retryAfter', 0) };
    case 'reset-before':
    case 'reset-after':
    case 'stall':
    case 'truncate':
    case 'html-502':
      return { type: a.type };
    default:
      throw bad(
        'action.type must be one of status, reset-before, reset-after, delay, stall, truncate, html-502, rate-limit.',
      );
  }
}
