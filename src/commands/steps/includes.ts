// Which parts of a task a request asks for (`include=content,tags`): those named with
// --include, plus content and tags when --fields names them, since the service sends them
// only when asked.
import { STEP_INCLUDES, type StepInclude } from '../../api/types.js';

export function includesFor(
  include: readonly StepInclude[] | undefined,
  fields: readonly string[] | undefined,
): StepInclude[] | undefined {
  const includes = [...(include ?? [])];
  for (const name of STEP_INCLUDES) {
    if (!includes.includes(name) && fields?.some((f) => f.split('.')[0] === name)) includes.push(name);
  }
  return includes.length > 0 ? includes : undefined;
}
