// Tags → the wire's {id, name, color}, as tasks, tag responses and task.tags_updated show them.
import type { Tag } from '../../../api/types.js';
import type { SandboxState } from '../../state.js';
import type { TagRecord } from './records.js';

export function presentTag(tag: TagRecord): Tag {
  return { id: tag.id, name: tag.name, color: tag.color };
}

/** The tags of these ids that exist, in the same order. */
export function presentTags(state: SandboxState, ids: readonly number[]): Tag[] {
  return ids.flatMap((id) => {
    const tag = state.tags[id];
    return tag ? [presentTag(tag)] : [];
  });
}
