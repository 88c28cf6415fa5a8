// What the page may say with a Replay: `{"to": "<http(s) url>", "resign": true|false,
// "resign_rejected": true|false}`, each optional, nothing else (an empty body is a replay as
// `deliveries replay <id>` with no flag; `resign_rejected` is `--resign-rejected`, without
// which a rejected delivery is never re-signed). The URL is checked by the code that checks `deliveries replay --to`, so the page and
// the CLI accept and refuse the same addresses. The body is read only up to a small bound:
// the key already keeps strangers out, the bound keeps a page's mistake from being read at
// length.
import type http from 'node:http';
import { UsageError } from '../../errors.js';
import { parseHttpUrl } from '../../validate.js';
import type { Refusal } from './guard.js';
import type { ReplayOptions } from './source.js';

/** A URL and a flag fit in far less; a data: URL or a pasted payload does not. */
export const REPLAY_BODY_BYTES = 4 * 1024;

const SHAPE = '{"to": "<http(s) url>", "resign": true|false, "resign_rejected": true|false}';
const KEYS = new Set(['to', 'resign', 'resign_rejected']);

export type ReplayBody = { options: ReplayOptions } | { refusal: Refusal };

/** Read and check a replay request's body; a refusal is a 400 with a one-line reason, sent before anything is replayed. */
export async function readReplayBody(req: http.IncomingMessage, limit = REPLAY_BODY_BYTES): Promise<ReplayBody> {
  const tooLarge: ReplayBody = {
    refusal: { status: 400, reason: `the replay request's body is over ${limit} bytes: send only ${SHAPE}` },
  };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return tooLarge;
  // Not `for await`: leaving that loop early destroys the request, and its socket with the answer.
  const body = await new Promise<Buffer | undefined>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      req.pause();
      resolve(undefined);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
    // A page gone before its body ended: whatever is answered goes nowhere.
    req.once('close', () => resolve(undefined));
  });
  return body === undefined ? tooLarge : parseReplayBody(body);
}

export function parseReplayBody(body: Buffer): ReplayBody {
  if (body.length === 0) return { options: {} };
  const refusal = (reason: string): ReplayBody => ({ refusal: { status: 400, reason } });
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return refusal(`the replay request's body is not JSON: send ${SHAPE}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return refusal(`the replay request's body must be a JSON object: ${SHAPE}`);
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !KEYS.has(key));
  if (unknown.length > 0)
    return refusal(
      `unknown key ${JSON.stringify(unknown[0]!.slice(0, 40))} in the replay request: only "to", "resign" and "resign_rejected" are taken`,
    );
  const options: ReplayOptions = {};
  if ('to' in record) {
    if (typeof record.to !== 'string') return refusal('"to" must be a string: a URL starting with http:// or https://');
    try {
      options.to = new URL(parseHttpUrl(record.to, 'to'));
    } catch (error) {
      if (error instanceof UsageError) return refusal(error.message);
      throw error;
    }
  }
  if ('resign' in record) {
    if (typeof record.resign !== 'boolean') return refusal('"resign" must be true or false');
    options.resign = record.resign;
  }
  if ('resign_rejected' in record) {
    if (typeof record.resign_rejected !== 'boolean') return refusal('"resign_rejected" must be true or false');
    options.resignRejected = record.resign_rejected;
  }
  return { options };
}
