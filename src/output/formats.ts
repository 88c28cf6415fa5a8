// Every output format, registered once. A new format is one file in formats/ (an object
// implementing Format, format.ts) and one line in FORMATS; -o's choices, the config key's
// values, what --jq accepts and when a failure is also a JSON line all follow from here.
import type { Format } from './format.js';
import { csv } from './formats/csv.js';
import { json } from './formats/json.js';
import { ndjson } from './formats/ndjson.js';
import { table } from './formats/table.js';
import { yaml } from './formats/yaml.js';

/** In the order help lists them; the first is the default. */
const FORMATS = [table, json, yaml, ndjson, csv] as const;

export type OutputFormat = (typeof FORMATS)[number]['name'];

export const OUTPUT_FORMATS: readonly OutputFormat[] = FORMATS.map((f) => f.name);

/** The format without -o, PWCTL_OUTPUT or a profile's `output`. */
export const DEFAULT_OUTPUT_FORMAT: OutputFormat = FORMATS[0].name;

/** Formats --jq filters: JSON for programs. */
export const JQ_FORMATS: readonly OutputFormat[] = FORMATS.filter((f) => f.machineReadable).map((f) => f.name);

/** What --jq means without -o. */
export const JQ_DEFAULT_FORMAT: OutputFormat = JQ_FORMATS[0]!;

export function outputFormat(name: OutputFormat): Format {
  return FORMATS.find((f) => f.name === name)!;
}

/** Whether a name, as typed (perhaps no format at all), is a format for programs: a failure is then also one JSON line on stderr. */
export function isMachineReadable(name: string): boolean {
  return FORMATS.some((f) => f.name === name && f.machineReadable);
}

/** Every registered format (tests prove each one complete). */
export function allFormats(): readonly Format[] {
  return FORMATS;
}
