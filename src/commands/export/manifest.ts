// What an export holds: its files, and manifest.json describing them.
import { shortDate, type View } from '../../output/view.js';

export const EXPORT_PARTS = ['documents', 'steps', 'milestones', 'webhooks'] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];
export type ExportCounts = Record<ExportPart, number>;

export const MANIFEST_FILE = 'manifest.json';

export interface Manifest {
  /** The service's base URL; `sandbox` for the embedded sandbox. */
  base_url: string;
  /**
   * Which service the records came from, as stored values are keyed (src/config/service-key.ts):
   * the base URL, or "sandbox" for the embedded sandbox, whose URL changes at every run.
   * `restore` compares it with the service it writes to. Exports older than it lack it.
   */
  service?: string;
  exported_at: string;
  company_id: number | null;
  counts: ExportCounts;
}

/** After an export: where it went and how many records of each kind. */
export const MANIFEST_VIEW: View<Manifest & { dir: string }> = {
  fields: ['dir', 'base_url', 'service', 'exported_at', 'company_id', 'counts'],
  columns: [],
  detail: [
    { header: 'DIRECTORY', value: (m) => m.dir },
    { header: 'DOCUMENTS', value: (m) => m.counts.documents },
    { header: 'TASKS', value: (m) => m.counts.steps },
    { header: 'MILESTONES', value: (m) => m.counts.milestones },
    { header: 'WEBHOOKS', value: (m) => m.counts.webhooks },
    { header: 'EXPORTED', value: (m) => shortDate(m.exported_at) },
  ],
};
