// The tools, derived from the declared verbs that are offered to agents (`mcp` in their
// declaration): a tool per verb, named `<noun>_<verb>`, its inputSchema made of the flags'
// API field names and schemas, plus `fields` where it prints records. Read-only tools
// unless --allow-writes, narrowed by --tools.
import { loadAll, toolNameOf, walkVerbs, type Verb } from '../commands/declare.js';
import type { JsonSchema } from '../commands/flags.js';
import { PROGRAM } from '../commands/registry.js';
import { UsageError } from '../errors.js';
import { didYouMean } from '../suggest.js';
import type { Tool } from './tool.js';

const FIELDS: JsonSchema = {
  type: 'array',
  items: { type: 'string' },
  description: 'paths to keep, e.g. ["id","phase.title"]',
};

let tools: Promise<readonly Tool[]> | undefined;

/** Every tool there is (each noun's declarations loaded once). */
export function allTools(): Promise<readonly Tool[]> {
  return (tools ??= loadAll(PROGRAM.commands).then((commands) =>
    [...walkVerbs(commands)].flatMap(({ path, bound }) => {
      const { verb } = bound;
      const name = toolNameOf(path, verb);
      if (name === undefined) return [];
      const exposure = typeof verb.mcp === 'object' ? verb.mcp : {};
      return [
        {
          name,
          description: exposure.description ?? sentence(verb.summary),
          inputSchema: inputSchemaOf(verb),
          writes: verb.effects.writes === true,
          bound,
        },
      ];
    }),
  ));
}

/** An object of the flags' API fields and no others (a misspelt argument is an error, not ignored). */
export function inputSchemaOf(verb: Verb): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const flag of Object.values(verb.flags)) {
    if (!flag.api) continue;
    properties[flag.api.field] = flag.api.schema;
    if (flag.required) required.push(flag.api.field);
  }
  if (readsRecords(verb)) properties.fields = FIELDS;
  return required.length > 0
    ? { type: 'object', properties, required, additionalProperties: false }
    : { type: 'object', properties, additionalProperties: false };
}

/** A tool that only reads and returns records takes `fields`, as --fields does. */
export function readsRecords(verb: Verb): boolean {
  return !verb.effects.writes && verb.effects.prints !== 'text';
}

/** "list the tasks you can access" → "List the tasks you can access." */
function sentence(summary: string): string {
  return `${summary[0]!.toUpperCase()}${summary.slice(1)}.`;
}

export interface ToolSelection {
  allowWrites: boolean;
  /** --tools, as given: comma-separated names. */
  tools?: string;
}

/** The tools to offer; a usage error for an unknown name, or a write tool without --allow-writes. */
export async function selectTools(selection: ToolSelection): Promise<Tool[]> {
  const known = await allTools();
  if (selection.tools === undefined) return known.filter((tool) => selection.allowWrites || !tool.writes);
  const names = selection.tools
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0)
    throw new UsageError('--tools takes tool names separated by commas, e.g. --tools steps_list,steps_get');
  for (const name of names) {
    const tool = known.find((t) => t.name === name);
    if (!tool) {
      const names = known.map((t) => t.name);
      throw new UsageError(
        `--tools: unknown tool ${JSON.stringify(name)}${didYouMean(name, names)}; tools: ${names.join(', ')}`,
      );
    }
    if (tool.writes && !selection.allowWrites)
      throw new UsageError(`--tools: ${name} changes data; add --allow-writes to offer it`);
  }
  return known.filter((tool) => names.includes(tool.name));
}

/** Why a call of a tool that is not offered is refused (no request is made). */
export async function refusal(name: string, selection: ToolSelection): Promise<string> {
  const tool = (await allTools()).find((t) => t.name === name);
  if (!tool) return `unknown tool ${JSON.stringify(name)}`;
  if (tool.writes && !selection.allowWrites)
    return `${name} changes data, and this server is read-only: start it with \`pwctl mcp --allow-writes\``;
  return `${name} is not offered by this server (--tools)`;
}
