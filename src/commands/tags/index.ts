import type { Command } from 'commander';
import { action, type Session } from '../action.js';
import type { AddOptions } from './add.js';
import type { SetOptions } from './set.js';

const TAG_HELP =
  '\nA <tag> of digits is a tag id (sent as a JSON number); anything else is a tag name (a JSON string).\n' +
  'Force the reading with id:<n> or name:<text> (name:2024 is the tag named 2024).\n' +
  'Names match case-insensitively among your company\'s tags; unknown names are created unless --no-create.';

export function registerTags(program: Command, session: Session): void {
  const tags = program.command('tags').description('the tags of a task: list, add, set, remove');

  tags
    .command('list')
    .description('show the tags of a task')
    .argument('<step-id>', 'task id')
    .action(action(session, async (ctx, step: string) => (await import('./list.js')).run(ctx, step)));

  tags
    .command('add')
    .description('add tags to a task, keeping the ones it has')
    .argument('<step-id>', 'task id')
    .argument('<tag...>', 'tag ids or names')
    .option('--no-create', 'fail instead of creating tags for unknown names')
    .addHelpText('after', `${TAG_HELP}\n\nExample:\n  pwctl tags add 42 urgent 63 name:2024`)
    .action(action(session, async (ctx, step: string, refs: string[], opts: AddOptions) => (await import('./add.js')).run(ctx, step, refs, opts)));

  tags
    .command('set')
    .description('replace the tags of a task (at most 100); --clear removes them all')
    .argument('<step-id>', 'task id')
    .argument('[tag...]', 'tag ids or names')
    .option('--clear', 'remove every tag (retired-set tags stay)')
    .option('--no-create', 'fail instead of creating tags for unknown names')
    .addHelpText('after', TAG_HELP)
    .action(action(session, async (ctx, step: string, refs: string[], opts: SetOptions) => (await import('./set.js')).run(ctx, step, refs, opts)));

  tags
    .command('remove')
    .description('take tags off a task, by id')
    .argument('<step-id>', 'task id')
    .argument('<tag-id...>', 'tag ids (see `pwctl tags list <step-id>`)')
    .action(action(session, async (ctx, step: string, ids: string[]) => (await import('./remove.js')).run(ctx, step, ids)));
}
