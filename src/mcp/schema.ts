// The pieces of the tools' inputSchemas. Agents pay for every byte of tools/list, so the
// schemas say only what a caller needs: the API's field names, types, and the few
// constraints a JSON Schema can state. pwctl's own rules (a date that exists, a safe id)
// are checked after the schema, by src/validate.ts.

export type JsonSchema = Record<string, unknown>;

/** The largest `limit` of a list tool, and what `"all"` means: one page of the API's maximum. */
export const MAX_LIST_LIMIT = 1000;
export const DEFAULT_LIST_LIMIT = 30;

export const ID: JsonSchema = { type: 'integer', minimum: 1 };
export const IDS: JsonSchema = { type: 'array', items: ID, minItems: 1 };
export const UUID: JsonSchema = { type: 'string' };
export const TEXT: JsonSchema = { type: 'string' };
export const FLAG: JsonSchema = { type: 'boolean' };
export const DATE: JsonSchema = { type: 'string', description: 'YYYY-MM-DD' };

// A number or "all": each keyword applies to its own type, so an error names the exact rule.
export const LIMIT: JsonSchema = {
  type: ['integer', 'string'],
  minimum: 1,
  maximum: MAX_LIST_LIMIT,
  pattern: '^all$',
  description: `default ${DEFAULT_LIST_LIMIT}; "all" = up to ${MAX_LIST_LIMIT}`,
};
export const FIELDS: JsonSchema = { type: 'array', items: { type: 'string' }, description: 'paths to keep, e.g. ["id","phase.title"]' };

/** An object of these properties and no others (a misspelt argument is an error, not ignored). */
export function object(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  return required.length > 0
    ? { type: 'object', properties, required, additionalProperties: false }
    : { type: 'object', properties, additionalProperties: false };
}

export function oneOf(values: readonly string[]): JsonSchema {
  return { enum: values };
}
