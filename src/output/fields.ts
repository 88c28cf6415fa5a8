import { UsageError } from '../errors.js';

export function parseFieldList(spec: string): string[] {
  const fields = spec
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (fields.length === 0) throw new UsageError('--fields must name at least one field, e.g. --fields id,title,phase.title');
  for (const field of fields) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/.test(field)) {
      throw new UsageError(`--fields: ${JSON.stringify(field)} is not a field path (use names and dots, e.g. phase.title)`);
    }
  }
  return fields;
}

/** Reject fields whose first segment is not a field of the record type, listing the valid ones. */
export function validateFields(fields: readonly string[], valid: readonly string[]): void {
  for (const field of fields) {
    const top = field.split('.')[0]!;
    if (!valid.includes(top)) {
      throw new UsageError(`--fields: unknown field ${JSON.stringify(field)}; valid fields: ${valid.join(', ')}`);
    }
  }
}

export function getPath(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Array.isArray(value) && /^\d+$/.test(key) ? value[Number(key)] : (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A record reduced to the selected paths, keeping their nesting ({phase: {title}}). */
export function selectFields(record: unknown, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const keys = field.split('.');
    let target = out;
    for (const key of keys.slice(0, -1)) {
      const next = target[key];
      target = (next !== null && typeof next === 'object' ? next : (target[key] = {})) as Record<string, unknown>;
    }
    const value = getPath(record, field);
    target[keys[keys.length - 1]!] = value === undefined ? null : value;
  }
  return out;
}
