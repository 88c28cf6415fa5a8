// What several of the task verbs' declarations share: how a task id is given, the phase flags'
// help, --include, the body flags, and the words on reading ids from standard input.
import { STEP_INCLUDES } from '../../api/types.js';
import { listOf, textOrFile } from '../flags.js';
import { pickSteps } from '../pick.js';

export const STEP_ID = { required: true, complete: { ids: 'steps' }, prompt: pickSteps('Task') } as const;
export const PHASES = { ids: 'phases' } as const;
export const PHASE_HELP = '(ids: `pwctl phases list`)';
export const include = listOf(
  '--include',
  STEP_INCLUDES,
  'add content and/or tags to each task (comma-separated: content,tags)',
);
export const content = textOrFile(
  ['--content', '<markdown>', 'task body as Markdown'],
  ['--content-file', 'read the body from a file, or - for standard input'],
);
export const IDS_DETAILS =
  'Ids: one or more task ids, or - to read them from standard input (one per line: bare ids or JSON objects with "id",\nso `pwctl steps list -o ndjson | pwctl steps complete -` works).';
