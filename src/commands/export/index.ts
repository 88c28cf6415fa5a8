// `pwctl export <dir>`: a backup of what the caller can read, declared once (its name and
// summary are its entry in ../registry.ts).
import { bind, verbBody } from '../declare.js';
import { flag, id, path } from '../flags.js';

export const exportVerb = verbBody({
  details: `Files: documents.ndjson (with content), steps.ndjson (with content and tags), milestones.ndjson,
webhooks.ndjson (never a signing secret) and manifest.json ({base_url, exported_at, company_id,
counts}). Lists are fetched in pages of 1000 (the fewest requests) and streamed to disk. Files are
written under temporary names and renamed when every list is complete, manifest.json last: a
directory with a manifest.json holds a complete export.`,
  flags: () => ({
    dir: path('<dir>', 'directory to write (created if missing; must be empty unless --force)', { required: true }),
    company: id(
      '--company',
      'only this company (default: `pwctl config get company`, else every company you can read)',
    ),
    force: flag('--force', 'write into a directory that is not empty, replacing an earlier export there'),
  }),
  examples: ['pwctl export backup-$(date +%F)', 'pwctl export ./backup --company 1 --force -o json'],
  effects: { pages: true },
});

export const exportCommand = bind(exportVerb, () => import('./export.js'));
