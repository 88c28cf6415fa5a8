import type { QueryValue } from '../../api/client.js';
import { ApiError, statusText } from '../../api/errors.js';
import { CommandFailedError, UsageError } from '../../errors.js';
import { jsonPainter, toJson, writeJsonArray } from '../../output/json.js';
import type { Ctx } from '../context.js';
import type { OptionsFor, RunOf } from '../declare.js';
import type { api } from './index.js';
import { parseParams } from './params.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** What `api` prints of an answer, a success or an error alike. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

type ApiOptions = OptionsFor<typeof api>;

export const run: RunOf<typeof api> = async (ctx, opts) => {
  const { path } = opts;
  const params = await parseParams(ctx, opts.rawField, opts.field);
  const headers = parseHeaders(opts.header);
  const hasParams = Object.keys(params).length > 0;
  // The file reader loads only for --input (a `pwctl api` without one loads two files).
  const rawBody =
    opts.input === undefined
      ? undefined
      : await (await import('../read-input.js')).readInput(ctx, opts.input, '--input');
  const method = (opts.method ?? (rawBody !== undefined || hasParams ? 'POST' : 'GET')).toUpperCase();
  if (!METHODS.includes(method))
    throw new UsageError(`--method must be one of ${METHODS.join(', ')}; got ${JSON.stringify(opts.method)}`);
  if (rawBody !== undefined && hasParams && method !== 'GET')
    throw new UsageError('--input cannot be combined with -f/-F body fields');
  if (opts.paginate && method !== 'GET') throw new UsageError('--paginate works only with GET');
  if (!/^(\/|https?:\/\/)/.test(path) && !/^[a-z]/i.test(path))
    throw new UsageError(`<path> must be an endpoint path such as /api/v1/steps, got ${JSON.stringify(path)}`);

  const client = await ctx.api();
  const isGet = method === 'GET' || method === 'HEAD';
  const query = isGet ? (params as Record<string, QueryValue>) : undefined;
  const body = !isGet && hasParams ? params : undefined;

  try {
    if (opts.paginate) {
      const listQuery = (query ?? {}) as Record<string, QueryValue>;
      // jq filters the whole array at once: only then are the pages held (PWCTL_MAX_RESPONSE_BYTES bounds them).
      if (ctx.flags.jq !== undefined) return await ctx.output.value(await client.listAll<unknown>(path, listQuery));
      const records = client.list<unknown>(path, listQuery, 'all');
      if (opts.silent) for await (const _record of records);
      // The array pwctl printed when it held every page, now written as the pages arrive.
      else {
        const paint = await jsonPainter(ctx.io);
        await writeJsonArray(records, (text) => ctx.io.out(paint(text)));
      }
      return;
    }
    const response = await client.request({ method, path, query, body, rawBody, headers });
    await printAnswer(ctx, { ...response, headers: client.redactHeaders(response.headers) }, opts);
  } catch (error) {
    // As gh does: the service's error body on stdout, as received; the error line and the
    // exit code from the entry, as for every command.
    if (error instanceof ApiError && error.response) await printAnswer(ctx, error.response, opts);
    throw error;
  }
};

async function printAnswer(ctx: Ctx, answer: Answer, opts: ApiOptions): Promise<void> {
  if (opts.include) {
    const lines = [`HTTP/1.1 ${answer.status} ${statusText(answer.status)}`.trimEnd()];
    for (const [name, value] of Object.entries(answer.headers)) lines.push(`${canonicalName(name)}: ${value}`);
    await ctx.output.raw(`${lines.join('\n')}\n\n`);
  }
  if (opts.silent || answer.text === '') return;
  if (ctx.flags.jq !== undefined) {
    const body = parsedJson(answer.text);
    if (body === undefined) throw new CommandFailedError('--jq: the response body is not JSON');
    return ctx.output.value(body);
  }
  const json = ctx.io.stdoutIsTTY ? parsedJson(answer.text) : undefined;
  // Pretty and coloured for a person, as `gh api` prints it.
  if (json !== undefined) await ctx.io.out((await jsonPainter(ctx.io))(`${toJson(json, 2)}\n`));
  else await ctx.output.raw(answer.text.endsWith('\n') ? answer.text : `${answer.text}\n`);
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** content-type → Content-Type, as headers are usually written. */
function canonicalName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}

function parseHeaders(headers: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of headers) {
    const at = header.indexOf(':');
    const name = header.slice(0, at).trim();
    if (at <= 0 || !/^[A-Za-z0-9-]+$/.test(name))
      throw new UsageError(`-H takes 'Name: value', got ${JSON.stringify(header)}`);
    out[name] = header.slice(at + 1).trim();
  }
  return out;
}
