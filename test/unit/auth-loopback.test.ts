import { afterEach, describe, expect, it } from 'vitest';
import { escapeHtml, startLoopbackServer, type LoopbackServer } from '../../src/auth/loopback-server.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('loopback callback server', () => {
  it('listens on 127.0.0.1 with an ephemeral port and hands over the first /callback', async () => {
    server = await startLoopbackServer();
    expect(server.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const port = Number(new URL(server.redirectUri).port);
    expect(port).toBeGreaterThan(0);

    // A callback that arrives before anyone waits is kept, not lost.
    const tab = fetch(`${server.redirectUri}?code=abc&state=xyz`);
    const callback = await server.waitForCallback(5_000, () => new Error('timeout'));
    expect(Object.fromEntries(callback.params)).toEqual({ code: 'abc', state: 'xyz' });
    await callback.respond({ ok: true, message: 'Signed in to <example>.' });
    const page = await tab;
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<h1>Signed in</h1>');
    expect(html).toContain('Signed in to &#60;example&#62;. You can close this tab');

    const second = await fetch(`${server.redirectUri}?code=again`);
    expect(second.status).toBe(409);
  });

  it('answers 404 elsewhere and keeps waiting', async () => {
    server = await startLoopbackServer();
    const origin = new URL(server.redirectUri).origin;
    expect((await fetch(`${origin}/favicon.ico`)).status).toBe(404);
    expect((await fetch(server.redirectUri, { method: 'POST' })).status).toBe(404);
    const tab = fetch(`${server.redirectUri}?error=access_denied`);
    const callback = await server.waitForCallback(5_000, () => new Error('timeout'));
    expect(callback.params.get('error')).toBe('access_denied');
    await callback.respond({ ok: false, message: 'Denied.' });
    expect((await tab).status).toBe(400);
  });

  it('rejects with the given error when no callback comes in time', async () => {
    server = await startLoopbackServer();
    await expect(server.waitForCallback(50, () => new Error('no sign-in arrived'))).rejects.toThrow(
      'no sign-in arrived',
    );
  });
});

describe('escapeHtml', () => {
  it('escapes markup and quotes', () => {
    expect(escapeHtml(`<script>"x" & 'y'</script>`)).toBe(
      '&#60;script&#62;&#34;x&#34; &#38; &#39;y&#39;&#60;/script&#62;',
    );
  });
});
