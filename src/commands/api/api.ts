import type { QueryValue } from '../../api/client.js';
import type { Factory } from '../../factory.js';
import { CommandFailedError, UsageError } from '../../errors.js';
import { toJson } from '../../output/json.js';
import { readInput } from '../read-input.js';
import type { ApiOptions } from './index.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export async function run(ctx: Factory, path: string, opts: ApiOptions): Promise<void> {
  const params = parseParams(opts.field ?? [], opts.rawField ?? []);
  const headers = parseHeaders(opts.header ?? []);
  const hasParams = Object.keys(params).length > 0;
  const rawBody = opts.input === undefined ? undefined : await readInput(ctx, opts.input, '--input');
  const method = (opts.method ?? (rawBody !== undefined || hasParams ? 'POST' : 'GET')).toUpperCase();
  if (!METHODS.includes(method)) throw new UsageError(`--method must be one of ${METHODS.join(', ')}; got ${JSON.stringify(opts.method)}`);
  if (rawBody !== undefined && hasParams && method !== 'GET') throw new UsageError('--input cannot be combined with -f/-F body fields');
  if (opts.paginate && method !== 'GET') throw new UsageError('--paginate works only with GET');
  if (!/^(\/|https?:\/\/)/.test(path) && !/^[a-z]/i.test(path)) throw new UsageError(`<path> must be an endpoint path such as /api/v1/steps, got ${JSON.stringify(path)}`);

  const client = await ctx.api();
  const isGet = method === 'GET' || method === 'HEAD';
  const query = isGet ? (params as Record<string, QueryValue>) : undefined;
  const body = !isGet && hasParams ? params : undefined;

  if (opts.paginate) {
    const all: unknown[] = [];
    const iterator = client.list<unknown>(path, (query ?? {}) as Record<string, QueryValue>, 'all');
    for await (const record of iterator) all.push(record);
    if (ctx.flags.jq !== undefined) return ctx.output.value(all);
    await ctx.output.raw(`${toJson(all, 2)}\n`);
    return;
  }

  const response = await client.request({ method, path, query, body, rawBody, headers });
  if (response.dryRun || response.text === '') return;
  if (ctx.flags.jq !== undefined) {
    if (response.json === undefined) throw new CommandFailedError('--jq: the response body is not JSON');
    return ctx.output.value(response.json);
  }
  if (ctx.io.stdoutIsTTY && response.json !== undefined) await ctx.output.raw(`${toJson(response.json, 2)}\n`);
  else await ctx.output.raw(response.text.endsWith('\n') ? response.text : `${response.text}\n`);
}

function parseParams(fields: string[], rawFields: string[]): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of fields) {
    const [key, value] = splitPair(field, '-f');
    params[key] = value;
  }
  for (const field of rawFields) {
    const [key, value] = splitPair(field, '-F');
    try {
      params[key] = JSON.parse(value);
    } catch {
      throw new UsageError(`-F ${key}: the value must be JSON (12, true, null, "text", [1,2]); got ${JSON.stringify(value)}`);
    }
  }
  return params;
}

function splitPair(pair: string, flag: string): [string, string] {
  const at = pair.indexOf('=');
  if (at <= 0) throw new UsageError(`${flag} takes key=value, got ${JSON.stringify(pair)}`);
  return [pair.slice(0, at), pair.slice(at + 1)];
}

function parseHeaders(headers: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of headers) {
    const at = header.indexOf(':');
    const name = header.slice(0, at).trim();
    if (at <= 0 || !/^[A-Za-z0-9-]+$/.test(name)) throw new UsageError(`-H takes 'Name: value', got ${JSON.stringify(header)}`);
    out[name] = header.slice(at + 1).trim();
  }
  return out;
}
