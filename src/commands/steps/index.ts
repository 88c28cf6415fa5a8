import { Argument, Option, type Command } from 'commander';
import { STEP_INCLUDES } from '../../api/types.js';
import { completeWith } from '../../completion/values.js';
import { action, type Session } from '../action.js';
import { concurrencyOption, type BulkFlags } from '../bulk/options.js';
import { addListOptions } from '../list-options.js';
import type { CompleteOptions } from './complete.js';
import type { CreateOptions } from './create.js';
import type { GetOptions } from './get.js';
import type { ImportOptions } from './import.js';
import type { ListOptions } from './list.js';
import type { MoveOptions } from './move.js';
import type { ReorderOptions } from './reorder.js';
import type { UpdateOptions } from './update.js';

/** --include; shells complete its comma list item by item. */
function includeOption(): Option {
  return completeWith(new Option('--include <list>', 'add content and/or tags to each task (comma-separated: content,tags)'), { values: STEP_INCLUDES, list: true });
}
const CONTENT = ['--content <markdown>', 'task body as Markdown'] as const;
const CONTENT_FILE = ['--content-file <path|->', 'read the body from a file, or - for standard input'] as const;
const IDS_HELP = '\nIds: one or more task ids, or - to read them from standard input (one per line: bare ids or JSON objects with "id",\nso `pwctl steps list -o ndjson | pwctl steps complete -` works).';

export function registerSteps(program: Command, session: Session): void {
  const steps = program.command('steps').alias('tasks').description('tasks of project phases: list, create, update, complete, move, reorder, delete');

  addListOptions(
    steps
      .command('list')
      .description('list the tasks you can access')
      .option('--company <id>', 'only tasks of this company (default: config company)')
      .option('--completed', 'only completed tasks')
      .option('--open', 'only open tasks')
      .option('--has-due-date', 'only tasks with a due date')
      .option('--no-due-date', 'only tasks without a due date')
      .addOption(includeOption()),
  )
    .addHelpText('after', '\nExamples:\n  pwctl steps list --open --has-due-date\n  pwctl steps list --all -o ndjson | pwctl steps complete -\n  pwctl steps list --fields id,title,phase.title,tags --include tags')
    .action(action(session, async (ctx, opts: ListOptions) => (await import('./list.js')).run(ctx, opts)));

  steps
    .command('get')
    .description('show one task')
    .argument('<id>', 'task id')
    .addOption(includeOption())
    .action(action(session, async (ctx, id: string, opts: GetOptions) => (await import('./get.js')).run(ctx, id, opts)));

  steps
    .command('create')
    .description('create a task in a phase')
    .option('--phase <id>', 'phase to create the task in (required)')
    .option('--title <text>', 'task title (required)')
    .option(...CONTENT)
    .option(...CONTENT_FILE)
    .option('--due <YYYY-MM-DD>', 'due date')
    .option('--published', 'visible to the client at once (client-facing phases)')
    .option('--draft', 'not yet visible to the client')
    .option('--approval', 'make it an approval (sign-off) task')
    .option('--completed', 'create it already completed')
    .addHelpText('after', '\nExample:\n  pwctl steps create --phase 41 --title "Collect logos" --due 2026-03-01 --content-file notes.md')
    .action(action(session, async (ctx, opts: CreateOptions) => (await import('./create.js')).run(ctx, opts)));

  const update = steps
    .command('update')
    .description('change fields of a task (only the ones given)')
    .argument('<id>', 'task id')
    .option('--title <text>', 'new title')
    .option(...CONTENT)
    .option(...CONTENT_FILE)
    .option('--published', 'make it visible to the client')
    .option('--draft', 'hide it from the client (draft)')
    .option('--approval', 'make it an approval task')
    .option('--no-approval', 'make it a plain task')
    .option('--due <YYYY-MM-DD|none>', 'new due date, or none to clear it')
    .option('--phase <id>', 'move it to this phase (same as `steps move`)')
    .option('--allow-removing-attachments', 'with --content: let the new body drop attachments, forms and embeds')
    .action(action(session, async (ctx, id: string, opts: UpdateOptions) => (await import('./update.js')).run(ctx, id, opts)));
  // Commander keeps only the last of --approval and --no-approval; record both, so that
  // update.ts refuses the pair as it refuses --published --draft.
  for (const form of ['approval', 'no-approval']) {
    update.on(`option:${form}`, () => update.setOptionValue('approvalForms', [...new Set([...(update.getOptionValue('approvalForms') ?? []), `--${form}`])]));
  }

  steps
    .command('complete')
    .description('mark tasks completed (approval tasks: with a verdict)')
    .argument('<id...>', 'task ids, or - for standard input')
    .option('--approve', 'approval tasks: record the verdict approved')
    .option('--reject', 'approval tasks: record the verdict not approved')
    .addOption(concurrencyOption())
    .addHelpText('after', IDS_HELP)
    .action(action(session, async (ctx, ids: string[], opts: CompleteOptions) => (await import('./complete.js')).run(ctx, ids, opts)));

  steps
    .command('reopen')
    .description('mark tasks open again (clears an approval verdict)')
    .argument('<id...>', 'task ids, or - for standard input')
    .addOption(concurrencyOption())
    .addHelpText('after', IDS_HELP)
    .action(action(session, async (ctx, ids: string[], opts: BulkFlags) => (await import('./reopen.js')).run(ctx, ids, opts)));

  steps
    .command('move')
    .description('move a task to another phase (its audience follows the phase)')
    .argument('<id>', 'task id')
    .option('--phase <id>', 'target phase (required)')
    .action(action(session, async (ctx, id: string, opts: MoveOptions) => (await import('./move.js')).run(ctx, id, opts)));

  steps
    .command('reorder')
    .description('reposition a task within its phase')
    .argument('<id>', 'task id')
    .option('--first', 'make it the first task of its phase')
    .option('--last', 'make it the last task of its phase')
    .addOption(completeWith(new Option('--after <id>', 'place it directly after this task (same phase)'), { ids: 'steps' }))
    .action(action(session, async (ctx, id: string, opts: ReorderOptions) => (await import('./reorder.js')).run(ctx, id, opts)));

  steps
    .command('edit')
    .description('edit the task body in $VISUAL/$EDITOR; sent back only if changed')
    .argument('<id>', 'task id')
    .action(action(session, async (ctx, id: string) => (await import('./edit.js')).run(ctx, id)));

  steps
    .command('delete')
    .description('permanently delete tasks (asks first; without a terminal needs --yes)')
    .argument('<id...>', 'task ids, or - for standard input')
    .addOption(concurrencyOption())
    .addHelpText('after', IDS_HELP)
    .action(action(session, async (ctx, ids: string[], opts: BulkFlags) => (await import('./delete.js')).run(ctx, ids, opts)));

  steps
    .command('import')
    .description('create one task per CSV row or NDJSON line (resumable with --results)')
    .addArgument(completeWith(new Argument('<file|->', 'a .csv, .ndjson or .jsonl file, or - for standard input (with --format)'), { files: true }))
    .option('--phase <id>', 'phase for rows that name no phase_id')
    .option('--format <csv|ndjson>', 'the file format (default: from the file extension)')
    .option('--results <file>', 'append {"line": n, "id": <task id>} per created task; a later run with the same file skips those lines')
    .addOption(concurrencyOption())
    .addHelpText('after', IMPORT_HELP)
    .action(action(session, async (ctx, file: string, opts: ImportOptions) => (await import('./import.js')).run(ctx, file, opts)));
}

const IMPORT_HELP = `
Fields (CSV header names or NDJSON keys): title (required), phase_id (or --phase), content,
due_date (YYYY-MM-DD), published, is_approval, completed (true/false), and tags: names or ids,
added after the create (CSV: separated by ';', digits are an id, name:<text> forces a name;
NDJSON: an array, numbers are ids and strings are names). An empty CSV cell is not given.
Every row is checked before the first request: a bad row exits 2 naming its line and field.

Results: one per row, with the line it starts on (a CSV header is line 1) and the new task's id;
exit 8 when any row failed.

Resuming: with --results <file>, each create is recorded the moment it is answered, so a run
stopped by Ctrl-C, a crash or a lost connection can be repeated with the same file and creates
nothing twice. A create sent without an answer (connection lost, timeout, 5xx) has an unknown
outcome: it is never sent again blindly. The next run with the same --results file looks for
its task (same phase and title, created since it was sent) and records it, or creates it when
there is none, or reports the line when it cannot tell. Without --results, check such a line
yourself with \`pwctl steps list --all --fields id,title,phase.id,created_at\`.

Examples:
  pwctl steps import plan.csv --phase 41 --results plan.results.ndjson
  pwctl steps import tasks.ndjson -o ndjson
  some-export | pwctl steps import - --format ndjson --phase 41`;
