import { Argument, Option, type Command } from 'commander';
import { EDIT_ACCESS_VALUES } from '../../api/types.js';
import { completeWith } from '../../completion/values.js';
import { action, type Session } from '../action.js';
import { concurrencyOption, type BulkFlags } from '../bulk/options.js';
import { addListOptions } from '../list-options.js';
import type { CreateDocOptions } from './create.js';
import type { EditDocOptions } from './edit.js';
import type { GetDocOptions } from './get.js';
import type { ListDocsOptions } from './list.js';
import type { PullOptions } from './pull.js';
import type { PushOptions } from './push.js';
import type { UpdateDocOptions } from './update.js';

const CONTENT_HELP = `
Content is Markdown. Callouts and toggles use container fences, checked locally before sending
(unclosed fences, mismatched closing lines, unknown colours; --no-verify skips the check):

  ::::toggle{summary="Scope"}
  :::callout{emoji="💡" color="mint"}
  Nested containers: the outer fence uses more colons.
  :::
  ::::`;

export function registerDocs(program: Command, session: Session): void {
  const docs = program
    .command('docs')
    .description('documents: rich-text pages of a company, optionally attached to a project or client');

  addListOptions(
    docs
      .command('list')
      .description('list documents, most recently updated first')
      .option('--company <id>', 'documents of this company (default: `pwctl config get company`)')
      .option('--project <id>', 'documents attached to this project')
      .option('--client <id>', 'documents attached to this client')
      .option('--internal', 'team-only documents')
      .option('--client-visible', 'documents visible to the client')
      .option('--content', "include each document's Markdown body"),
  ).action(action(session, async (ctx, opts: ListDocsOptions) => (await import('./list.js')).run(ctx, opts)));

  docs
    .command('get')
    .description('show one document')
    .argument('<uuid>', 'document UUID')
    .option('--content', 'also print the Markdown body (with --fields content: the body alone)')
    .addHelpText('after', '\nExamples:\n  pwctl docs get 3f2b8c1e-5d4a-4f7b-9c2e-1a6d8e0f4b21 --content\n  pwctl docs get 3f2b8c1e-5d4a-4f7b-9c2e-1a6d8e0f4b21 --fields content > brief.md')
    .action(action(session, async (ctx, uuid: string, opts: GetDocOptions) => (await import('./get.js')).run(ctx, uuid, opts)));

  docs
    .command('create')
    .description('create a document (agency team members only)')
    .option('--title <t>', 'title (required)')
    .option('--content <md>', 'Markdown body')
    .option('--content-file <path|->', 'Markdown body from a file, or - for standard input')
    .option('--company <id>', 'owning company when neither --project nor --client is given (default: `pwctl config get company`)')
    .option('--project <id>', 'attach to this project (its company owns the document)')
    .option('--client <id>', 'attach to this client (its company owns the document)')
    .option('--client-visible', 'visible to the client (default: team-only)')
    .option('--internal', 'team-only (the default)')
    .option('--no-verify', 'send the content without the local container check')
    .addHelpText('after', CONTENT_HELP)
    .action(action(session, async (ctx, opts: CreateDocOptions) => (await import('./create.js')).run(ctx, opts)));

  docs
    .command('update')
    .description('change a document; new content replaces the whole body')
    .argument('<uuid>', 'document UUID')
    .option('--title <t>', 'new title')
    .option('--content <md>', 'new Markdown body')
    .option('--content-file <path|->', 'new Markdown body from a file, or - for standard input')
    .option('--internal', 'make it team-only (team members only)')
    .option('--client-visible', 'make it visible to the client (team members only)')
    .addOption(completeWith(new Option('--edit-access <access>', 'private, team or collaborative (team members only)'), { values: EDIT_ACCESS_VALUES }))
    .option('--allow-removing-attachments', 'let the new content remove attachments, embeds and form fields it leaves out')
    .option('--no-verify', 'send the content without the local container check')
    .addHelpText('after', `${CONTENT_HELP}\n\nAttachments, embedded documents and form fields the new content leaves out are kept by the\nservice unless --allow-removing-attachments is given.`)
    .action(action(session, async (ctx, uuid: string, opts: UpdateDocOptions) => (await import('./update.js')).run(ctx, uuid, opts)));

  docs
    .command('edit')
    .description('edit the Markdown body in $VISUAL/$EDITOR; it is sent back only if it changed')
    .argument('<uuid>', 'document UUID')
    .option('--allow-removing-attachments', 'let the edited content remove attachments, embeds and form fields it leaves out')
    .option('--no-verify', 'send the content without the local container check')
    .action(action(session, async (ctx, uuid: string, opts: EditDocOptions) => (await import('./edit.js')).run(ctx, uuid, opts)));

  docs
    .command('delete')
    .description('delete documents and their attachments (team members only); asks first, or pass --yes')
    .argument('<uuid...>', 'document UUIDs, or - to read them from standard input (one per line, or JSON with "uuid"/"id")')
    .addOption(concurrencyOption())
    .addHelpText('after', '\nExample:\n  pwctl docs list --project 31 -o ndjson | pwctl docs delete - --yes')
    .action(action(session, async (ctx, uuids: string[], opts: BulkFlags) => (await import('./delete.js')).run(ctx, uuids, opts)));

  docs
    .command('pull')
    .description('write one Markdown file per document (YAML front matter, then the body) into a directory')
    .addArgument(dirArgument())
    .option('--company <id>', 'documents of this company (default: `pwctl config get company`)')
    .option('--project <id>', 'documents attached to this project')
    .option('--client <id>', 'documents attached to this client')
    .option('--internal', 'team-only documents')
    .option('--client-visible', 'documents visible to the client')
    .option('--force', 'overwrite files edited since they were last pulled or pushed (their edits are lost)')
    .addHelpText('after', PULL_HELP)
    .action(action(session, async (ctx, dir: string, opts: PullOptions) => (await import('./pull.js')).run(ctx, dir, opts)));

  docs
    .command('push')
    .description('send the Markdown files of a directory back: create new ones, update edited ones')
    .addArgument(dirArgument())
    .option('--force', 'update documents that changed on the service since the pull (overwrites those changes)')
    .option('--allow-removing-attachments', 'let new bodies remove attachments, embeds and form fields they leave out')
    .option('--no-verify', 'send bodies without the local container check')
    .addOption(concurrencyOption())
    .addHelpText('after', PUSH_HELP)
    .action(action(session, async (ctx, dir: string, opts: PushOptions) => (await import('./push.js')).run(ctx, dir, opts)));
}

function dirArgument(): Argument {
  return completeWith(new Argument('<dir>', 'directory of <slug-of-title>.md files'), { files: true });
}

const PULL_HELP = `
Each file is <slug-of-title>.md (unique in the directory) with YAML front matter — uuid, title,
updated_at, is_internal, edit_access, project_id, client_id, company_id — then the body. Bodies
come with the list (pages of 1000), not one request per document. A document whose uuid is
already in a file of the directory is rewritten in that file; other front matter keys in it are
kept. The directory is created if missing. .pwctl-docs.json beside the files records what each
file held when last pulled or pushed (keep it with them): a file edited since is not
overwritten unless --force.

Example:
  pwctl docs pull handbook --project 31 && $EDITOR handbook/project-brief.md && pwctl docs push handbook`;

const PUSH_HELP = `
For each *.md file:
  no uuid                                  creates the document (title, body, is_internal, and
                                           company_id/project_id/client_id or the config company),
                                           then writes the new uuid and updated_at into the file
  unchanged since its last pull or push    sends nothing, whatever the service now holds
  title, body, is_internal or edit_access  updates those fields only, and writes the new
  differ from the service                  updated_at into the file
  ... and the service's updated_at is      refused as a conflict, nothing of that file sent,
  newer than the file's                    unless --force
Results: one per file (id is the file name); exit 8 when any file failed or conflicted.
--dry-run prints the requests and lists what would be created, updated, skipped and refused.
Attachments, embedded documents and form fields that a body leaves out are kept by the service,
unless --allow-removing-attachments.`;
