// `pwctl __update-check`: the detached process src/update/notifier.ts starts. It asks the
// feed for the newest release and records it for a later run to show; it prints nothing.
// The feed is one small JSON object: `{"version": "0.4.0", "url": "https://…"}`, or the shape
// of GitHub's releases/latest answer (`tag_name`, `html_url`), so that URL can be given as it is.
import { httpRequest } from '../api/http.js';
import { Network } from '../api/network.js';
import { readUpdateState } from './due.js';
import { feedUrl, writeUpdateState } from './notifier.js';

const VERSION_FORM = /^\d{1,6}\.\d{1,6}\.\d{1,6}(-[0-9A-Za-z.-]{1,40})?$/;

export async function checkFeed(env: NodeJS.ProcessEnv): Promise<void> {
  const url = feedUrl(env);
  if (url === undefined) return;
  const network = new Network({ env });
  await network.prepare();
  const answer = await httpRequest(url, {
    method: 'GET',
    headers: { accept: 'application/json', 'user-agent': 'pwctl-update-check' },
    connection: await network.connectionFor(url),
    timeoutMs: 10_000,
    maxBodyBytes: 64 * 1024,
  });
  if (answer.status !== 200) return;
  const latest = latestOf(JSON.parse(answer.body.toString('utf8')));
  if (latest) writeUpdateState(env, { ...readUpdateState(env), latest });
}

/** The release a feed names, or undefined when its answer is not one (its text reaches a terminal later: checked here). */
export function latestOf(feed: unknown): { version: string; url?: string } | undefined {
  if (typeof feed !== 'object' || feed === null) return undefined;
  const { version, tag_name, url, html_url } = feed as Record<string, unknown>;
  const named = typeof version === 'string' ? version : typeof tag_name === 'string' ? tag_name.replace(/^v/, '') : '';
  if (!VERSION_FORM.test(named)) return undefined;
  const link = typeof url === 'string' ? url : typeof html_url === 'string' ? html_url : undefined;
  return { version: named, ...(link && /^https?:\/\/[!-~]{1,500}$/.test(link) ? { url: link } : {}) };
}
