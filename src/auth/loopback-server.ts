// The loopback redirect target of a browser sign-in (RFC 8252 §7.3): an HTTP server on
// 127.0.0.1 with an ephemeral port that waits for one GET /callback, hands its query to the
// caller, and answers the browser with a small page once the caller knows the outcome.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Callback {
  params: URLSearchParams;
  /** Answer the browser tab; the page says whether sign-in worked. */
  respond(outcome: { ok: boolean; message: string }): Promise<void>;
}

export interface LoopbackServer {
  redirectUri: string;
  /** Resolves with the first request to /callback; rejects with `onTimeout()` when none comes in time. */
  waitForCallback(timeoutMs: number, onTimeout: () => Error): Promise<Callback>;
  close(): Promise<void>;
}

const CALLBACK_PATH = '/callback';

export async function startLoopbackServer(host = '127.0.0.1'): Promise<LoopbackServer> {
  // The first callback is kept even if it arrives before anyone waits for it.
  let deliver!: (callback: Callback) => void;
  const received = new Promise<Callback>((resolve) => (deliver = resolve));
  let handled = false;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://loopback.invalid');
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      sendPage(res, 404, 'Not found', 'pwctl is waiting for the sign-in redirect at /callback only.');
      return;
    }
    if (handled) {
      sendPage(res, 409, 'Already handled', 'pwctl has already received a sign-in response. You can close this tab.');
      return;
    }
    handled = true;
    deliver({
      params: url.searchParams,
      respond: ({ ok, message }) =>
        new Promise((resolve) => {
          sendPage(
            res,
            ok ? 200 : 400,
            ok ? 'Signed in' : 'Sign-in failed',
            `${message} You can close this tab and return to the terminal.`,
          );
          res.on('finish', () => resolve());
          res.on('close', () => resolve());
        }),
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    redirectUri: `http://${host}:${port}${CALLBACK_PATH}`,
    waitForCallback(timeoutMs, onTimeout) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(onTimeout()), timeoutMs);
      });
      return Promise.race([received, timeout]).finally(() => clearTimeout(timer));
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function sendPage(res: ServerResponse, status: number, title: string, message: string): void {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>pwctl: ${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>
`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    connection: 'close',
  });
  res.end(body);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
