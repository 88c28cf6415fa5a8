import { Option, type Command } from 'commander';
import { EDIT_ACCESS_VALUES } from '../../api/types.js';
import { completeWith } from '../../completion/values.js';
import { action, type Session } from '../action.js';
import { concurrencyOption, type BulkFlags } from '../bulk/options.js';
import { addListOptions } from '../list-options.js';
import type { CreateDocOptions } from './create.js';
import type { EditDocOptions } from './edit.js';
import type { GetDocOptions } from './get.js';
import type { ListDocsOptions } from './list.js';
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
}
