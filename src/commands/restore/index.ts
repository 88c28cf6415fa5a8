// `pwctl restore <dir>`: an export put back, declared once (its name and summary are its entry in
// ../registry.ts). Not offered to agents (no `mcp`): it writes many records at once from files
// on this machine.
import { CONCURRENCY } from '../bulk-flags.js';
import { bind, verbBody } from '../declare.js';
import { EXPORT_PARTS } from '../export/manifest.js';
import { flag, listOf, path } from '../flags.js';

export const restoreVerb = verbBody({
  details: `Each exported record is compared with what the service holds now (every list read once, in pages
of 1000): one that is gone is created again (documents with body, audience and edit access;
milestones; tasks in their phase and their place in it, with body, due date, flags, completion,
approval verdict and tags by name; webhook subscriptions, whose new signing secrets are stored
as \`webhooks create\` stores them and shown once); one that differs is "changed" and left alone
unless --overwrite (which sends only the fields that differ; attachments in a body are kept as
the service keeps them); one that is equal is "unchanged". A record whose parent (phase,
project, client, company) is not on the service is "unplaceable", reported before anything is
sent. A record is found by its id, by the id an earlier run recorded in --results, or as a copy
made since the export (same title, same place), so a second run creates nothing. The API cannot
set a task's assignees: a task written back without them names them in its result's note.

Into another service (another profile or --base-url): --map <file> places records under their
new parents, {"phases": {"<old id>": <new id>}, "projects": {…}, "clients": {…}, "companies":
{…}}; a parent it does not name is unplaceable, told with the target's parents of that title.
--map auto makes that map instead of restoring: each parent maps to the target's one record of
the same title (a phase within the project its project maps to); a title the target has twice
or not at all is listed, not guessed. The map is printed and written to --map-out <file>
(default <dir>.map.json, beside the export; an existing file that differs is not overwritten),
for review; then restore with --map <file>.

Resuming: with --results <file>, each create is recorded before it is sent and the moment it is
answered ({"kind", "old_id", "new_id"}), so a run stopped by Ctrl-C, SIGTERM, a crash or a kill
can be repeated with the same file: it creates nothing twice, finishes what was left half done,
and looks up a create whose answer was lost instead of sending it again.

Webhook subscriptions: one created again, or re-pointed by --overwrite, sends the company's
data to the URL the export names, and an export is files anyone may have edited. Every such URL
is named (old → new) and asked about before anything is sent; --yes answers, and without a
terminal to ask the run stops (exit 2) before sending anything unless --yes is given.

--dry-run prints that plan (per record: action, kind, id, title, parent, and the fields that
differ, old → new where told: a subscription's url and active) and sends nothing.

The export's files must be regular files (not a FIFO, a device or a link to one), each no
larger than the longest text Node can hold (about 512 MiB); anything else exits 2 naming the
file, before any request.

Results: one per record, {kind, id, ok, action, new_id, title, data}; action is create, finish,
overwrite, changed, unchanged, unplaceable or unknown. Exit 8 when any record failed or was
unplaceable.`,
  flags: () => ({
    dir: path('<dir>', 'a directory written by `pwctl export`', { required: true }),
    only: listOf(
      '--only',
      EXPORT_PARTS,
      'restore only these kinds (comma-separated: documents,milestones,steps,webhooks)',
    ),
    results: path(
      '--results',
      'append {"kind", "old_id", "new_id"} per created record; a later run with the same file creates nothing twice',
      { placeholder: '<file>' },
    ),
    map: path(
      '--map',
      'JSON file placing records under new parents on another service: {"phases": {"<old>": <new>}, "projects": …, "clients": …, "companies": …}; auto makes one from titles, for review (a file named auto: ./auto)',
      { placeholder: '<file|auto>' },
    ),
    mapOut: path('--map-out', 'with --map auto: where to write the map (default: <dir>.map.json beside the export)', {
      placeholder: '<file>',
    }),
    overwrite: flag('--overwrite', 'update records that changed since the export (only the fields that differ)'),
    concurrency: CONCURRENCY,
  }),
  examples: [
    'pwctl restore backup-2026-05-01 --dry-run',
    'pwctl restore backup-2026-05-01 --results restore.results.ndjson',
    'pwctl restore ./backup --only documents --overwrite -o ndjson',
    'pwctl restore ./backup --profile staging --map auto',
    'pwctl restore ./backup --profile staging --map backup.map.json --results staging.results.ndjson',
  ],
  effects: { writes: true, pages: true, confirms: true },
  rules: [{ requires: ['mapOut', 'map'] }],
});

export const restoreCommand = bind(restoreVerb, () => import('./restore.js'));
