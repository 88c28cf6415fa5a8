import type { Command } from 'commander';
import { action, type Session } from '../action.js';
import { concurrencyOption, type BulkFlags } from '../bulk/options.js';
import { addListOptions } from '../list-options.js';
import type { CreateMilestoneOptions } from './create.js';
import type { ListMilestonesOptions } from './list.js';
import type { UpdateMilestoneOptions } from './update.js';

export function registerMilestones(program: Command, session: Session): void {
  const milestones = program.command('milestones').description('milestones: marker dates on a project calendar');

  addListOptions(
    milestones
      .command('list')
      .description('list milestones, ordered by due date')
      .option('--company <id>', 'milestones of this company (default: `pwctl config get company`)')
      .option('--project <id>', 'milestones of this project'),
  ).action(action(session, async (ctx, opts: ListMilestonesOptions) => (await import('./list.js')).run(ctx, opts)));

  milestones
    .command('get')
    .description('show one milestone')
    .argument('<id>', 'milestone id')
    .action(action(session, async (ctx, id: string) => (await import('./get.js')).run(ctx, id)));

  milestones
    .command('create')
    .description('add a milestone to a project')
    .option('--project <id>', 'project (required)')
    .option('--title <t>', 'title, at most 255 characters (required)')
    .option('--due <YYYY-MM-DD>', 'due date (required)')
    .option('--description <text>', 'description')
    .option('--color <#hex>', 'hex colour, e.g. #7c3aed')
    .addHelpText('after', '\nExample:\n  pwctl milestones create --project 31 --title Launch --due 2026-05-01 --color "#16a34a"')
    .action(action(session, async (ctx, opts: CreateMilestoneOptions) => (await import('./create.js')).run(ctx, opts)));

  milestones
    .command('update')
    .description('change a milestone')
    .argument('<id>', 'milestone id')
    .option('--title <t>', 'new title, at most 255 characters')
    .option('--due <YYYY-MM-DD>', 'new due date')
    .option('--description <text>', 'new description')
    .option('--color <#hex>', 'new hex colour')
    .action(action(session, async (ctx, id: string, opts: UpdateMilestoneOptions) => (await import('./update.js')).run(ctx, id, opts)));

  milestones
    .command('delete')
    .description('delete milestones permanently; asks first, or pass --yes')
    .argument('<id...>', 'milestone ids, or - to read them from standard input (one per line, or JSON with "id")')
    .addOption(concurrencyOption())
    .action(action(session, async (ctx, ids: string[], opts: BulkFlags) => (await import('./delete.js')).run(ctx, ids, opts)));
}
