// Documents: every verb, declared once. Their run functions are the files beside this one.
import { EDIT_ACCESS_VALUES } from '../../api/types.js';
import { CONCURRENCY } from '../bulk-flags.js';
import { bind, nounBody, verb } from '../declare.js';
import { flag, id, oneOf, path, text, textOrFile, toggle, uuid, uuids, type Flag } from '../flags.js';
import { LIST_FLAGS } from '../list-flags.js';
import { sortFlag } from '../list-refine.js';
import { pickDocument } from '../pick.js';
import { DOCUMENT_VIEW } from './views.js';

const CONTENT_DETAILS = `Content is Markdown. Callouts and toggles use container fences, checked locally before sending
(unclosed fences, mismatched closing lines, unknown colours; --no-verify skips the check):

  ::::toggle{summary="Scope"}
  :::callout{emoji="💡" color="mint"}
  Nested containers: the outer fence uses more colons.
  :::
  ::::`;

const DOC_UUID = { required: true, complete: { ids: 'docs' }, prompt: pickDocument() } as const;
const company = id('--company', 'documents of this company (default: `pwctl config get company`)', {
  field: 'company_id',
});
const project = id('--project', 'documents attached to this project', {
  field: 'project_id',
  complete: { ids: 'projects' },
});
const client = id('--client', 'documents attached to this client', { field: 'client_id' });
const audience = (on: string, off: string) =>
  toggle('--internal', '--client-visible', { on, off }, { field: 'is_internal' });
const content = textOrFile(
  ['--content', '<markdown>', 'Markdown body'],
  ['--content-file', 'Markdown body from a file, or - for standard input'],
);
const verify = flag('--no-verify', 'send the content without the local container check', { field: false });
const allowRemoving = (help: string) => flag('--allow-removing-attachments', help);
const concurrency = CONCURRENCY;
const dir = path('<dir>', 'directory of <slug-of-title>.md files', { required: true });

/** --content on list and get; an agent asks with include: ["content"], the API's own words. */
function includeContent(help: string): Flag<boolean, true> {
  return {
    ...flag('--content', help, { field: false }),
    api: {
      field: 'include',
      schema: { type: 'array', items: { enum: ['content'] } },
      fromJson: (value) => (value as string[]).includes('content'),
    },
  };
}

export const list = verb({
  name: 'list',
  summary: 'list documents, most recently updated first',
  flags: () => ({
    company,
    project,
    client,
    audience: audience('team-only documents', 'documents visible to the client'),
    content: includeContent("include each document's Markdown body"),
    search: text('--search', 'only documents whose title holds every word of this, any case (client-side)', {
      nonEmpty: true,
    }),
    sort: sortFlag(DOCUMENT_VIEW),
    ...LIST_FLAGS,
  }),
  examples: [
    'pwctl docs list --project 31 --client-visible',
    'pwctl docs list --all --fields uuid,title,updated_at -o csv',
  ],
  mcp: true,
});

export const get = verb({
  name: 'get',
  summary: 'show one document',
  flags: () => ({
    uuid: uuid('<uuid>', 'document UUID', DOC_UUID),
    content: includeContent('also print the Markdown body (with --fields content: the body alone)'),
  }),
  examples: [
    'pwctl docs get 3f2b8c1e-5d4a-4f7b-9c2e-1a6d8e0f4b21 --content',
    'pwctl docs get 3f2b8c1e-5d4a-4f7b-9c2e-1a6d8e0f4b21 --fields content > brief.md',
  ],
  mcp: true,
});

export const create = verb({
  name: 'create',
  summary: 'create a document (agency team members only)',
  details: CONTENT_DETAILS,
  flags: () => ({
    title: text('--title', 'title', { required: true, nonEmpty: true, placeholder: '<t>' }),
    content,
    company: id(
      '--company',
      'owning company when neither --project nor --client is given (default: `pwctl config get company`)',
      { field: 'company_id' },
    ),
    project: id('--project', 'attach to this project (its company owns the document)', {
      field: 'project_id',
      complete: { ids: 'projects' },
    }),
    client: id('--client', 'attach to this client (its company owns the document)', { field: 'client_id' }),
    audience: audience('team-only (the default)', 'visible to the client (default: team-only)'),
    verify,
  }),
  examples: [
    'pwctl docs create --title "Kick-off notes" --project 31 --content-file notes.md',
    'pwctl docs create --title Brief --company 1 --client-visible --content "# Brief"',
  ],
  effects: { writes: true },
  mcp: { description: 'Create a document (content is Markdown); needs company_id, project_id or client_id.' },
});

export const update = verb({
  name: 'update',
  summary: 'change a document; new content replaces the whole body',
  details: `${CONTENT_DETAILS}\n\nAttachments, embedded documents and form fields the new content leaves out are kept by the\nservice unless --allow-removing-attachments is given.`,
  flags: () => ({
    uuid: uuid('<uuid>', 'document UUID', DOC_UUID),
    title: text('--title', 'new title', { nonEmpty: true, placeholder: '<t>' }),
    content,
    audience: audience('make it team-only (team members only)', 'make it visible to the client (team members only)'),
    editAccess: oneOf('--edit-access', EDIT_ACCESS_VALUES, 'private, team or collaborative (team members only)', {
      field: 'edit_access',
    }),
    allowRemovingAttachments: allowRemoving(
      'let the new content remove attachments, embeds and form fields it leaves out',
    ),
    verify,
  }),
  examples: [
    'pwctl docs update 3f2b8c1e-5d4a-4f7b-9c2e-1a6d8e0f4b21 --content-file brief.md',
    'pwctl docs update 3f2b8c1e-5d4a-4f7b-9c2e-1a6d8e0f4b21 --client-visible --edit-access collaborative',
  ],
  effects: { writes: true },
  rules: [
    { requires: ['allowRemovingAttachments', 'content'] },
    { anyOf: ['title', 'content', 'audience', 'editAccess'], what: 'nothing to update' },
  ],
  mcp: true,
});

export const edit = verb({
  name: 'edit',
  summary: 'edit the Markdown body in $VISUAL/$EDITOR; it is sent back only if it changed',
  flags: () => ({
    uuid: uuid('<uuid>', 'document UUID', DOC_UUID),
    allowRemovingAttachments: allowRemoving(
      'let the edited content remove attachments, embeds and form fields it leaves out',
    ),
    verify,
  }),
  examples: ['pwctl docs edit 3f2b8c1e-5d4a-4f7b-9c2e-1a6d8e0f4b21'],
  effects: { writes: true },
});

export const remove = verb({
  name: 'delete',
  summary: 'delete documents and their attachments (team members only); asks first, or pass --yes',
  flags: () => ({
    uuids: uuids(
      '<uuid...>',
      'document UUIDs, or - to read them from standard input (one per line, or JSON with "uuid"/"id")',
      { ...DOC_UUID, prompt: pickDocument('Documents to delete') },
    ),
    concurrency,
  }),
  examples: ['pwctl docs list --project 31 -o ndjson | pwctl docs delete - --yes'],
  effects: { writes: true, confirms: true },
  mcp: { description: 'Delete documents and their attachments.' },
});

export const pull = verb({
  name: 'pull',
  summary: 'write one Markdown file per document (YAML front matter, then the body) into a directory',
  details: `Each file is <slug-of-title>.md (unique in the directory) with YAML front matter — uuid, title,
updated_at, is_internal, edit_access, project_id, client_id, company_id — then the body. Bodies
come with the list (pages of 1000), not one request per document. A document whose uuid is
already in a file of the directory is rewritten in that file; other front matter keys in it are
kept. The directory is created if missing. .pwctl-docs.json beside the files records what each
file held when last pulled or pushed (keep it with them): a file edited since is not
overwritten unless --force. --dry-run writes nothing and says what would be written.`,
  flags: () => ({
    dir,
    company,
    project,
    client,
    audience: audience('team-only documents', 'documents visible to the client'),
    force: flag('--force', 'overwrite files edited since they were last pulled or pushed (their edits are lost)'),
  }),
  examples: ['pwctl docs pull handbook --project 31 && $EDITOR handbook/project-brief.md && pwctl docs push handbook'],
  // It changes files, not the service: --dry-run writes none.
  effects: { writes: true, pages: true },
});

export const push = verb({
  name: 'push',
  summary: 'send the Markdown files of a directory back: create new ones, update edited ones',
  details: `For each *.md file:
  no uuid                                  creates the document (title, body, is_internal, and
                                           company_id/project_id/client_id, else the config
                                           company, else the only company the token reaches;
                                           with none or several, that file fails), then writes
                                           the new uuid and updated_at into the file
  unchanged since its last pull or push    sends nothing, whatever the service now holds
  title, body, is_internal or edit_access  updates those fields only, and writes the new
  differ from the service                  updated_at into the file
  ... and the service's updated_at is      refused as a conflict, nothing of that file sent,
  newer than the file's                    unless --force
Results: one per file (id is the file name); exit 8 when any file failed or conflicted.
--dry-run prints the requests and lists what would be created, updated, skipped and refused.
Attachments, embedded documents and form fields that a body leaves out are kept by the service,
unless --allow-removing-attachments.`,
  flags: () => ({
    dir,
    force: flag('--force', 'update documents that changed on the service since the pull (overwrites those changes)'),
    allowRemovingAttachments: allowRemoving('let new bodies remove attachments, embeds and form fields they leave out'),
    verify: flag('--no-verify', 'send bodies without the local container check'),
    concurrency,
  }),
  examples: ['pwctl docs push handbook', 'pwctl docs push handbook --dry-run'],
  effects: { writes: true, pages: true },
});

export const diff = verb({
  name: 'diff',
  summary: 'show how pulled files differ from their documents on the service now (exit 1 when they do)',
  details: `For each pulled *.md file (a file, or every one in a directory), a unified diff from the
document as the service holds it now to the file: the fields a push sends (title, is_internal,
edit_access when the file gives them, and the body), in the file's own layout and line numbers:

  --- service: <title> (<its updated_at>)
  +++ <file>

Coloured on a terminal; into a pipe a plain diff that patch reads (\`patch -R <file>\` takes the
file back to the service's version of those fields). -o json: one record per file: file, uuid,
status (same, differs, not_pulled, not_on_service), same, changed (the fields that differ),
updated_at, title, is_internal and edit_access as {service, file} when they differ, and body_diff
(the bodies' hunks). One request: the list with bodies for a directory, the document for a file.
Exit 0 when nothing differs, 1 when something does (as diff does), a file never pulled or whose
document is gone included; any other status is an error (2 usage, 3 not found, 4 auth, 7 network).
--quiet prints nothing, not even the summary, as git diff --quiet; --exit-code is accepted for
git's sake and changes nothing. After \`docs push\` refuses a conflict: diff, bring the service's
changes into the file, then push with --force.`,
  flags: () => ({
    target: path('<file|dir>', 'a pulled .md file, or a directory of them', { required: true }),
    quiet: flag(
      '--quiet',
      'print nothing; the exit status alone says whether anything differs (as git diff --quiet; -q is the global flag: the diff is still printed)',
    ),
    exitCode: flag('--exit-code', "accepted as git's: docs diff always exits 1 when something differs"),
  }),
  examples: [
    'pwctl docs diff handbook/project-brief.md',
    'pwctl docs diff handbook --quiet || echo changed',
    "pwctl docs diff handbook -o json --jq '.[] | select(.same | not) | .file'",
  ],
  effects: { pages: true },
});

export const docs = nounBody({
  examples: [
    'pwctl docs list --project 31 --client-visible',
    'pwctl docs create --title "Kick-off notes" --project 31 --content-file notes.md',
    'pwctl docs edit <uuid>',
  ],
  commands: [
    bind(list, () => import('./list.js')),
    bind(get, () => import('./get.js')),
    bind(create, () => import('./create.js')),
    bind(update, () => import('./update.js')),
    bind(edit, () => import('./edit.js')),
    bind(remove, () => import('./delete.js')),
    bind(pull, () => import('./pull.js')),
    bind(push, () => import('./push.js')),
    bind(diff, () => import('./diff.js')),
  ],
});
