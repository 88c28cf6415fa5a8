export const OUTPUT_FORMATS = ['table', 'json', 'yaml', 'ndjson'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
