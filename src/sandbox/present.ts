// What every resource's presentation shares: a related record as the wire's {id, title}.
import type { Ref } from '../api/types.js';

export function ref(record: { id: number; title: string }): Ref {
  return { id: record.id, title: record.title };
}
