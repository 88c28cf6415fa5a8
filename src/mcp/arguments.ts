// Checking a tool call's arguments against the tool's inputSchema, with ajv (the JSON
// Schema validator the MCP SDK itself uses), before the tool's own rules and before any
// request. ajv is loaded at the first call, not before the answer to `initialize`, and a
// schema is compiled the first time its tool is called. The same object is the SDK
// server's jsonSchemaValidator, so the process holds one ajv.
import type {
  JsonSchemaType,
  JsonSchemaValidator,
  jsonSchemaValidator,
} from '@modelcontextprotocol/sdk/validation/types.js';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { UsageError } from '../errors.js';
/** A tool call's arguments. */
export type Args = Record<string, unknown>;
import type { JsonSchema } from '../commands/flags.js';

export class ArgumentChecker implements jsonSchemaValidator {
  #ajv: Ajv | undefined;
  readonly #compiled = new Map<object, ValidateFunction>();

  /** The arguments, checked against the schema; a UsageError naming every bad field. */
  async check(schema: JsonSchema, args: unknown): Promise<Args> {
    if (!this.#ajv) {
      const { default: Ajv } = await import('ajv');
      // allErrors: an agent fixes every bad argument in one go; no logger: stdout is the protocol's.
      this.#ajv ??= new Ajv({ allErrors: true, strict: false, logger: false });
    }
    const validate = this.#compile(schema);
    if (validate(args ?? {})) return (args ?? {}) as Args;
    throw new UsageError(`invalid arguments: ${(validate.errors ?? []).map(describeError).join('; ')}`);
  }

  /**
   * For the SDK, which validates with it only what a server asks of a client (elicitation);
   * this server asks nothing, so it never runs before a tool call has loaded ajv.
   */
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const validate = this.#compile(schema as JsonSchema);
    return (input) =>
      validate(input)
        ? { valid: true, data: input as T, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: (validate.errors ?? []).map(describeError).join('; ') };
  }

  #compile(schema: JsonSchema): ValidateFunction {
    let validate = this.#compiled.get(schema);
    if (!validate) {
      if (!this.#ajv) throw new Error('argument checker: ajv is loaded by the first tool call');
      validate = this.#ajv.compile(schema);
      this.#compiled.set(schema, validate);
    }
    return validate;
  }
}

/** `due_date: must be string`, `unknown argument "phase"`, `title: required`. */
function describeError(error: ErrorObject): string {
  const field = error.instancePath.slice(1).replace(/\//g, '.');
  const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
  if (error.keyword === 'required') return `${join(field, params.missingProperty!)} is required`;
  if (error.keyword === 'additionalProperties')
    return `unknown argument ${JSON.stringify(join(field, params.additionalProperty!))}`;
  if (error.keyword === 'enum')
    return `${field} must be one of ${(params.allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
  return `${field || 'arguments'} ${error.message ?? 'is invalid'}`;
}

function join(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}
