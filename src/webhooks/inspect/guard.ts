// Who may talk to the inspector. It listens on 127.0.0.1 only, but on a shared machine
// every local user and every page open in a local browser can reach a loopback port, so
// being on loopback proves nothing:
// - a web page of another site can make the browser send requests to it, and with DNS
//   rebinding read the answers: the Host header must name the inspector itself, and a
//   request that says it comes from another origin is refused;
// - anything that reads the deliveries or replays them needs the per-run key, which only the
//   page that `listen` printed the address of knows (it sends it in a header; a header is
//   never sent by the browser on its own, unlike a cookie).
import { timingSafeEqual } from 'node:crypto';

export interface Refusal {
  status: number;
  reason: string;
}

/** The header the page sends the per-run key in. */
export const TOKEN_HEADER = 'x-inspector-token';

/** The Host values the inspector answers to, for its port: the names of loopback a person types. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** A request whose Host is not the inspector's (DNS rebinding), or whose Origin is another site's. */
export function checkSite(headers: { host?: string; origin?: string }, port: number): Refusal | undefined {
  const host = headers.host?.toLowerCase();
  if (host === undefined || !allowedHosts(port).includes(host))
    return { status: 403, reason: `Host must be 127.0.0.1:${port} or localhost:${port}` };
  // A browser sends Origin with every POST and every fetch across origins; the page's own requests carry its own.
  if (headers.origin !== undefined && headers.origin.toLowerCase() !== `http://${host}`)
    return { status: 403, reason: 'requests from other origins are refused' };
  return undefined;
}

/**
 * The API's further conditions: the browser's own word that the request comes from the page
 * (Sec-Fetch-Site, where it sends one), and the per-run key.
 */
export function checkApiCaller(
  headers: { 'sec-fetch-site'?: string; [TOKEN_HEADER]?: string },
  token: string,
): Refusal | undefined {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin')
    return { status: 403, reason: 'requests from other sites are refused' };
  const given = headers[TOKEN_HEADER];
  if (given === undefined || given === '')
    return { status: 401, reason: `the ${TOKEN_HEADER} header is missing: open the address listen printed` };
  if (!sameSecret(given, token))
    return {
      status: 401,
      reason: `wrong ${TOKEN_HEADER}: this page belongs to another run of listen; open the address it printed`,
    };
  return undefined;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
