export const OUTPUT_FORMATS = ['table', 'json', 'yaml', 'ndjson', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Formats --jq filters: JSON values. */
export const JQ_FORMATS: readonly OutputFormat[] = ['json', 'ndjson'];
