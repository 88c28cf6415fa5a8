// `steps import`: one task per CSV row or NDJSON line.
import { CONCURRENCY } from '../bulk-flags.js';
import { verb } from '../declare.js';
import { id, oneOf, path } from '../flags.js';
import { IMPORT_FORMATS } from './import-format.js';
import { PHASE_HELP, PHASES } from './step-flags.js';

const concurrency = CONCURRENCY;

export const importRows = verb({
  name: 'import',
  summary: 'create one task per CSV row or NDJSON line (resumable with --results)',
  details: `Fields (CSV header names or NDJSON keys): title (required), phase_id (or --phase), content,
due_date (YYYY-MM-DD), published, is_approval, completed (true/false), and tags: names or ids,
added after the create (CSV: separated by ';', digits are an id, name:<text> forces a name;
NDJSON: an array, numbers are ids and strings are names). An empty CSV cell is not given.
CSV as spreadsheets write it: header names in any case, with spaces or hyphens ("Due date",
"Phase ID"), and ';' between cells when the header line is ';'-separated (a tags cell then
needs quotes: "urgent;review"). A cell that starts with ' and then =, +, -, @, tab or CR (how
\`-o csv\` writes a cell a spreadsheet would run as a formula) is read without that one '.
Every row is checked before the first request: a bad row exits 2 naming its line and field;
several are all listed, one line each, after a first line that counts them.

Results: one per row, with the line it starts on (a CSV header is line 1) and the new task's id;
exit 8 when any row failed.

Resuming: with --results <file>, each create is recorded the moment it is answered, with a
digest of what its row held, so a run stopped by Ctrl-C, a crash or a lost connection can be
repeated with the same file and creates nothing twice. Rows are matched to the records by what
they hold: a row inserted or moved since is found where it is, a deleted row's task is kept.
A row edited in place since its task was created is refused before any request (is it a change
to that task or a new one?); the message says how to record either answer. A create sent
without an answer (connection lost, timeout, 5xx) has an unknown outcome: it is never sent
again blindly. The next run with the same --results file looks for its task (same phase and
title, created since it was sent) and records it, or creates it when there is none, or reports
the line when it cannot tell. Without --results, check such a line yourself with
\`pwctl steps list --all --fields id,title,phase.id,created_at\`.`,
  flags: () => ({
    file: path('<file|->', 'a .csv, .ndjson or .jsonl file, or - for standard input (with --format)', {
      required: true,
    }),
    phase: id('--phase', `phase for rows that name no phase_id ${PHASE_HELP}`, { complete: PHASES }),
    format: oneOf('--format', IMPORT_FORMATS, 'the file format (default: from the file extension)'),
    results: path(
      '--results',
      'append {"line": n, "id": <task id>, "digest": …} per created task; a later run with the same file skips those rows',
      { placeholder: '<file>' },
    ),
    concurrency,
  }),
  examples: [
    'pwctl steps import plan.csv --phase 41 --results plan.results.ndjson',
    'pwctl steps import tasks.ndjson -o ndjson',
    'some-export | pwctl steps import - --format ndjson --phase 41',
  ],
  // A resumed run reads the task list to find creates whose answer was lost.
  effects: { writes: true, pages: true },
});
