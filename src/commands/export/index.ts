import { Argument, type Command } from 'commander';
import { completeWith } from '../../completion/values.js';
import { action, type Session } from '../action.js';
import type { ExportOptions } from './export.js';

export function registerExport(program: Command, session: Session): void {
  program
    .command('export')
    .description('back up what you can read: documents, tasks, milestones and webhooks as NDJSON files')
    .addArgument(completeWith(new Argument('<dir>', 'directory to write (created if missing; must be empty unless --force)'), { files: true }))
    .option('--company <id>', 'only this company (default: `pwctl config get company`, else every company you can read)')
    .option('--force', 'write into a directory that is not empty, replacing an earlier export there')
    .addHelpText(
      'after',
      `
Files: documents.ndjson (with content), steps.ndjson (with content and tags), milestones.ndjson,
webhooks.ndjson (never a signing secret) and manifest.json ({base_url, exported_at, company_id,
counts}). Lists are fetched in pages of 1000 (the fewest requests) and streamed to disk. Files are
written under temporary names and renamed when every list is complete, manifest.json last: a
directory with a manifest.json holds a complete export.

Examples:
  pwctl export backup-$(date +%F)
  pwctl export ./backup --company 1 --force -o json`,
    )
    .action(action(session, async (ctx, dir: string, opts: ExportOptions) => (await import('./export.js')).run(ctx, dir, opts)));
}
