// `pwctl webhooks listen --inspect` in a real browser: the built CLI receives signed (and
// forged) deliveries and forwards them to a local receiver; headless Chromium (Debian's
// `chromium`, driven by playwright-core) opens the address the CLI printed and is checked
// as a person would use it: deliveries appear without a reload, a rejection says why,
// server text stays text, the keyboard works, Replay reaches the receiver byte for byte.
// The API's guards are checked with plain requests, and from a page of another origin.
// A second listener, without --forward-to, is replayed from the page to a URL typed beside
// Replay: a rejected delivery re-signed with its subscription's stored secret, a verified one
// with its own Signature.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../src/webhooks/signature.js';
import { chromiumTraces, hasChromium, launchChromium, NO_CHROMIUM } from '../helpers/chromium.js';
import { runInProcess, startCli, type RunningCli } from '../helpers/cli.js';
import { configDirWithStoredSecret } from '../helpers/stored-secret.js';

const SECRET = 'whsec_inspector_test_7d1c5e9a2b';
const XSS_TITLE = '<img src=x onerror="window.__xss = 1">Launch <b>plan</b>';
const TOKEN_HEADER = 'x-inspector-token';

/** What the tests read of the page's globals (the project's types have no DOM). */
interface PageGlobals {
  loadedOnce?: boolean;
  __xss?: number;
  document: { activeElement: { id: string } | null };
}

interface Received {
  body: Buffer;
  headers: http.IncomingHttpHeaders;
  url: string;
}

/** A receiver under development: records what it gets, answers 200 with a small JSON body (and a page, for GET). */
async function startReceiver(): Promise<{ url: string; origin: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>another site</title>');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks), headers: req.headers, url: req.url ?? '' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ handled: true, count: received.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/hooks`,
    origin,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function taskPayload(id: number, title: string): Buffer {
  const at = new Date().toISOString();
  return Buffer.from(
    JSON.stringify({
      id,
      title,
      completed: true,
      completed_at: at,
      created_at: at,
      updated_at: at,
      phase: { id: 41, title: 'Discovery' },
      project: { id: 31, title: 'Acme website redesign' },
      notes: 'a long line '.repeat(40),
    }),
  );
}

function screenshotDir(): string {
  const dir = process.env.PWCTL_SCREENSHOT_DIR ?? join(tmpdir(), 'pwctl-inspector-screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe('webhooks listen --inspect in headless Chromium', () => {
  if (!hasChromium) {
    it.skip(NO_CHROMIUM, () => {});
    return;
  }

  let browser: Browser;
  let page: Page;
  let cli: RunningCli;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let listenUrl: string;
  let inspectUrl: string;
  let inspectOrigin: string;
  let token: string;
  const pageErrors: string[] = [];
  const tracesBefore = chromiumTraces();
  const sent: { body: Buffer; signature: string }[] = [];

  const deliver = async (body: Buffer, signature = signBody(SECRET, body)) => {
    const answer = await request(listenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', signature, 'user-agent': 'pw-webhooks/1.0' },
      body,
    });
    sent.push({ body, signature });
    return answer.status;
  };
  const rows = () => page.locator('#list .row');
  // Functions, not strings: the page's CSP refuses eval, which a string would need.
  const activeId = () => page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.id);
  const idOfRow = (index: number) => rows().nth(index).getAttribute('data-id') as Promise<string>;

  beforeAll(async () => {
    receiver = await startReceiver();
    cli = startCli(
      [
        'webhooks',
        'listen',
        '--port',
        '0',
        '--inspect',
        '0',
        '--secret',
        SECRET,
        '--forward-to',
        receiver.url,
        '-o',
        'ndjson',
      ],
      { timeoutMs: 120_000 },
    );
    await cli.waitFor('stderr', /listening on \S+/);
    const stderr = cli.output('stderr');
    listenUrl = /listening on (\S+)/.exec(stderr)![1]!;
    inspectUrl = /inspector on (\S+)/.exec(stderr)![1]!;
    const parsed = new URL(inspectUrl);
    inspectOrigin = parsed.origin;
    token = /token=([\w-]+)/.exec(parsed.hash)![1]!;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1360, height: 820 } });
    page.on('pageerror', (error) => pageErrors.push(`${error.message}\n${error.stack ?? ''}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    // Starting listen and Chromium beside the other test workers can pass 30 s on two cores
    // (as webhooks-inspect-trust.test.ts allows).
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    cli?.child.kill('SIGKILL');
    await receiver?.close();
    expect(chromiumTraces()).toEqual(tracesBefore);
  });

  it('prints the page address on 127.0.0.1 with a key in its fragment', () => {
    expect(inspectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{20,}$/);
    expect(inspectOrigin).not.toBe(new URL(listenUrl).origin);
  });

  it('waits for deliveries saying where they go and how to send one, and takes the key out of the address bar', async () => {
    await page.goto(inspectUrl);
    await page.locator('#conn[data-state=live]').waitFor();
    await page.locator('#waiting').waitFor();
    expect(await page.locator('#waiting-url').textContent()).toBe(listenUrl);
    expect(await page.locator('#cmd-trigger').textContent()).toBe(
      `pwctl webhooks trigger task.completed --to ${listenUrl} --secret-file <file>`,
    );
    expect(page.url()).toBe(`${inspectOrigin}/`);
    await page.evaluate(() => ((globalThis as unknown as PageGlobals).loadedOnce = true));
  });

  it('shows a delivery sent after the page loaded without a reload, its title as text', async () => {
    expect(await deliver(taskPayload(103, XSS_TITLE))).toBe(204);
    await rows().first().waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).loadedOnce)).toBe(true);
    const row = rows().first();
    expect(await row.getAttribute('data-verdict')).toBe('verified');
    expect(await row.locator('.event').textContent()).toBe('task.completed');
    expect(await row.locator('.rid').textContent()).toBe('#103');
    expect(await row.locator('.title').textContent()).toBe(XSS_TITLE);
    // What the --forward-to target answered to the relay.
    await row.locator('.fwd.ok').waitFor();
    expect(await row.locator('.fwd').textContent()).toBe('200');
    // The first delivery is opened: its title, its payload as a tree, its headers.
    await page.locator('#detail .resource-title').waitFor();
    expect(await page.locator('#detail .resource-title').textContent()).toBe(XSS_TITLE);
    await page.locator('#payload .tree').waitFor();
    expect(await page.locator('#payload .j-str', { hasText: 'Launch' }).first().textContent()).toBe(
      JSON.stringify(XSS_TITLE),
    );
    expect(await page.locator('#detail .headers').textContent()).toContain('pw-webhooks/1.0');
    // Nothing of it became markup, and no script of it ran.
    expect(await page.locator('#app img:not([src="/icon.svg"]), #app b').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__xss)).toBeUndefined();
  });

  it('shows a rejected delivery with its reason, newest first', async () => {
    const forged = taskPayload(104, 'Forged task');
    expect(await deliver(forged, signBody('not-the-secret', forged))).toBe(401);
    await page.locator('#list .row[data-verdict=rejected]').waitFor();
    expect(await rows().count()).toBe(2);
    const row = rows().first();
    expect(await row.getAttribute('data-verdict')).toBe('rejected');
    expect(await row.locator('.reason').textContent()).toBe('no secret matches');
    await row.click();
    await page.locator('#detail .reason-box').waitFor();
    expect(await page.locator('#detail .reason-box').textContent()).toMatch(
      /^Rejected: no secret matches.*Was it signed with a secret this listener does not know/,
    );
    // The hint about the body's shape comes with the delivery's detail, a moment after the row's summary.
    await page.locator('#detail .reason-box', { hasText: 'shaped like a task.completed payload' }).waitFor();
  });

  it('filters by verdict and by event', async () => {
    await page.locator('#verdicts button[data-verdict=rejected]').click();
    expect(await rows().count()).toBe(1);
    expect(await page.locator('#count-verified').textContent()).toBe('1');
    await page.locator('#verdicts button[data-verdict=all]').click();
    await page.locator('#filter').fill('nothing.like.this');
    expect(await rows().count()).toBe(0);
    await page.locator('#no-match').waitFor();
    await page.locator('#filter').fill('');
    expect(await rows().count()).toBe(2);
  });

  it('a filter that hides the open delivery closes it: the pane does not show what the list no longer does', async () => {
    await page.locator('#list .row', { hasText: 'plan' }).click();
    await page.locator('#detail .resource-title', { hasText: 'Launch' }).waitFor();
    await page.locator('#filter').fill('no secret matches');
    expect(await rows().count()).toBe(1);
    await page.locator('#detail #no-delivery').waitFor();
    expect(await page.locator('#detail .head').count()).toBe(0);
    expect(await page.locator('#detail .resource-title').count()).toBe(0);
    expect(await page.locator('#list .row[aria-selected=true]').count()).toBe(0);
    // A filter that still shows it leaves it open.
    await page.locator('#filter').fill('');
    await page.locator('#list .row', { hasText: 'plan' }).click();
    await page.locator('#filter').fill('launch');
    await page.locator('#detail .resource-title', { hasText: 'Launch' }).waitFor();
    expect(await page.locator('#list .row[aria-selected=true]').count()).toBe(1);
    await page.locator('#filter').fill('');
  });

  it('moves with ↑/↓, opens with Enter, focuses the filter with /', async () => {
    expect(await deliver(taskPayload(105, 'Ship the launch email'))).toBe(204);
    // Waits go through locators: a polled string predicate is eval, which the page's CSP refuses.
    await rows().nth(2).waitFor();
    const [newest, middle, oldest] = [await idOfRow(0), await idOfRow(1), await idOfRow(2)];
    await page.locator('#list').focus();
    await page.keyboard.press('Home');
    expect(await page.locator('#list .row[aria-selected=true]').getAttribute('data-id')).toBe(newest);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#list .row[aria-selected=true]').getAttribute('data-id')).toBe(oldest);
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('#list .row[aria-selected=true]').getAttribute('data-id')).toBe(middle);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await activeId()).toBe('detail');
    await page.locator('#detail .resource-title', { hasText: 'Launch' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await activeId()).toBe('list');
    await page.keyboard.press('/');
    expect(await activeId()).toBe('filter');
    await page.keyboard.type('launch email');
    expect(await rows().count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await rows().count()).toBe(3);
  });

  it('replays with r and with the button: the receiver gets the same bytes and Signature, and the page shows its answer', async () => {
    const original = sent.find((s) => s.body.includes('Launch'))!;
    await page.locator('#list .row', { hasText: 'plan' }).click();
    await page.locator('#payload .tree').waitFor();
    // Beside Replay: its one --forward-to target, and its own Signature (it was verified).
    expect(await page.locator('#replay-to').inputValue()).toBe(receiver.url);
    expect(await page.locator('#replay-resign').isChecked()).toBe(false);
    const before = receiver.received.length;
    await page.locator('#list').focus();
    await page.keyboard.press('r');
    await page.locator('#replays .replay.ok').waitFor();
    expect(await page.locator('#replays .replay.ok .status').textContent()).toBe('200 OK');
    expect(await page.locator('#replays .replay.ok pre').textContent()).toBe(
      JSON.stringify({ handled: true, count: before + 1 }),
    );
    await page.locator('#replay').click();
    await page.locator('#replays .replay.ok').nth(1).waitFor();

    const replays = receiver.received.slice(before);
    expect(replays).toHaveLength(2);
    for (const replay of replays) {
      expect(replay.body.equals(original.body)).toBe(true);
      expect(replay.headers.signature).toBe(original.signature);
      expect(replay.headers['content-type']).toBe('application/json');
      expect(replay.headers['user-agent']).toBe('pw-webhooks/1.0');
    }

    const dir = screenshotDir();
    await page.screenshot({ path: join(dir, 'inspector-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(dir, 'inspector-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('shows the raw body with t, and a large payload in part until "Show all"', async () => {
    await page.locator('#list .row', { hasText: 'plan' }).click();
    await page.locator('#payload .tree').waitFor();
    await page.locator('#list').focus();
    await page.keyboard.press('t');
    await page.locator('#payload pre.raw').waitFor();
    const original = sent.find((s) => s.body.includes('Launch'))!;
    expect(await page.locator('#payload pre.raw').textContent()).toBe(original.body.toString('utf8'));
    await page.keyboard.press('t');
    await page.locator('#payload .tree').waitFor();

    const items = Array.from({ length: 3_000 }, (_, i) => ({
      id: i,
      title: `item ${i} of a long list`,
      done: i % 2 === 0,
    }));
    const large = Buffer.from(
      JSON.stringify({
        id: 106,
        title: 'A large payload',
        completed_at: new Date().toISOString(),
        phase: { id: 41 },
        items,
      }),
    );
    expect(large.length).toBeGreaterThan(128 * 1024);
    expect(await deliver(large)).toBe(204);
    await page.locator('#list .row', { hasText: 'A large payload' }).click();
    await page.locator('#payload .note', { hasText: 'Showing the first 128 KB' }).waitFor();
    expect(await page.locator('#payload pre.raw').textContent()).toBe(large.subarray(0, 128 * 1024).toString('utf8'));
    await page.locator('#show-all').click();
    await page.locator('#payload .tree').waitFor();
    // Long arrays open a part at a time.
    await page.locator('#payload button.more', { hasText: 'Show 200 more of 2800' }).waitFor();
  });

  it('with no URL beside Replay and no forward target, says to give one, and sends nothing', async () => {
    await page.locator('#list .row[data-verdict=rejected]').click();
    await page.locator('#detail .reason-box').waitFor();
    // A rejected delivery was forwarded nowhere: the field is empty; re-signing it is never ticked at first.
    expect(await page.locator('#replay-to').inputValue()).toBe('');
    // A hint in words, grey and italic, that cannot be taken for a URL already filled in.
    expect(await page.locator('#replay-to').getAttribute('placeholder')).toBe('URL to send it to');
    expect(
      await page.locator('#replay-to').evaluate((field) => {
        const { getComputedStyle } = globalThis as unknown as {
          getComputedStyle(element: unknown, pseudo: string): { fontStyle: string; fontFamily: string };
        };
        const hint = getComputedStyle(field, '::placeholder');
        return { style: hint.fontStyle, mono: hint.fontFamily.includes('monospace') };
      }),
    ).toEqual({ style: 'italic', mono: false });
    expect(await page.locator('#replay-resign').isChecked()).toBe(false);
    const before = receiver.received.length;
    await page.locator('#replay').click();
    await page.locator('#replays .replay.fail').waitFor();
    expect(await page.locator('#replays .replay.fail .why').textContent()).toBe(
      'no target: a rejected delivery is not forwarded; give the URL of your receiver in the "to" field beside Replay',
    );
    expect(receiver.received.length).toBe(before);
  });

  it('refuses a foreign Host or Origin, a missing or wrong key, and the wrong method', async () => {
    const id = (await idOfRow(0))!;
    const port = new URL(inspectOrigin).port;
    const key = { [TOKEN_HEADER]: token };
    const before = receiver.received.length;

    // The key and the right Host pass (a person may type localhost).
    expect(
      (await request(`${inspectOrigin}/api/deliveries/${id}`, { headers: { ...key, host: `localhost:${port}` } }))
        .status,
    ).toBe(200);
    // DNS rebinding: a name that resolves to 127.0.0.1 is still another site.
    expect((await request(`${inspectOrigin}/`, { headers: { host: `rebind.example:${port}` } })).status).toBe(403);
    expect(
      (await request(`${inspectOrigin}/api/deliveries/${id}`, { headers: { ...key, host: `rebind.example:${port}` } }))
        .status,
    ).toBe(403);
    // Another origin, even with the key.
    expect(
      (await request(`${inspectOrigin}/api/stream`, { headers: { ...key, origin: receiver.origin } })).status,
    ).toBe(403);
    expect(
      (
        await request(`${inspectOrigin}/api/deliveries/${id}/replay`, {
          method: 'POST',
          headers: { ...key, origin: 'null' },
        })
      ).status,
    ).toBe(403);
    // No key, or another run's.
    expect((await request(`${inspectOrigin}/api/stream`)).status).toBe(401);
    expect((await request(`${inspectOrigin}/api/deliveries/${id}`)).status).toBe(401);
    expect(
      (
        await request(`${inspectOrigin}/api/deliveries/${id}/body`, {
          // Its last character changed (the key is random: it may end in x).
          headers: { [TOKEN_HEADER]: `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}` },
        })
      ).status,
    ).toBe(401);
    expect((await request(`${inspectOrigin}/api/deliveries/${id}/replay`, { method: 'POST' })).status).toBe(401);
    // The wrong method.
    expect((await request(`${inspectOrigin}/api/deliveries/${id}/replay`, { headers: key })).status).toBe(405);
    expect((await request(`${inspectOrigin}/`, { method: 'POST' })).status).toBe(405);

    // A page of another local site cannot replay either (its request carries its Origin and no key).
    const other = await browser.newPage();
    try {
      await other.goto(receiver.origin);
      const outcome = await other.evaluate(
        (url) =>
          fetch(url, { method: 'POST', mode: 'no-cors' }).then(
            () => 'sent',
            () => 'failed',
          ),
        `${inspectOrigin}/api/deliveries/${id}/replay`,
      );
      expect(['sent', 'failed']).toContain(outcome);
      const read = await other.evaluate(
        (url) =>
          fetch(url).then(
            (r) => `read ${r.status}`,
            () => 'blocked',
          ),
        `${inspectOrigin}/api/deliveries/${id}`,
      );
      expect(read).toBe('blocked');
    } finally {
      await other.close();
    }
    expect(receiver.received.length).toBe(before);
  });

  it('without its key the page shows how to get one and reads nothing', async () => {
    const context = await browser.newContext();
    try {
      const bare = await context.newPage();
      await bare.goto(`${inspectOrigin}/`);
      await bare.locator('#gate').waitFor();
      expect(await bare.locator('#gate-title').textContent()).toBe('Open the address the listener printed');
      expect(await bare.locator('#list .row').count()).toBe(0);
      // Nothing to press keys at: the keyboard hints are not shown.
      expect(await bare.locator('footer.keys').isVisible()).toBe(false);
      expect(await bare.locator('#filter').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('kept to its own Content-Security-Policy: no errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });

  it('stops with listen on SIGINT: the page sees the stream end, the terminal printed every accepted delivery', async () => {
    cli.child.kill('SIGINT');
    const result = await cli.result;
    expect(result.code, result.stderr).toBe(0);
    await page.locator('#conn[data-state=down]').waitFor();
    const printed = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(printed.map((d) => d.payload.id)).toEqual([103, 105, 106]);
    expect(result.stderr).toMatch(/rejected 401 POST \/ from 127\.0\.0\.1: signature does not match/);
  });
});

describe('webhooks listen --inspect without --forward-to: Replay to a URL typed on the page', () => {
  if (!hasChromium) {
    it.skip(NO_CHROMIUM, () => {});
    return;
  }

  /** The secret `webhooks create` stored for subscription 7 (task.completed) of the sandbox. */
  const STORED = 'whsec_inspector_stored_of_7_4b0e2f';
  /** A secret given to listen: it verifies, but names no subscription. */
  const GIVEN = 'whsec_inspector_given_c81d3a9f50';
  let browser: Browser;
  let page: Page;
  let cli: RunningCli;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let configDir: string;
  let listenUrl: string;
  const pageErrors: string[] = [];
  const tracesBefore = chromiumTraces();

  const deliver = async (body: Buffer, signature: string) =>
    (
      await request(listenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', signature, 'user-agent': 'pw-webhooks/1.0' },
        body,
      })
    ).status;

  beforeAll(async () => {
    configDir = configDirWithStoredSecret(STORED);
    receiver = await startReceiver();
    cli = startCli(['webhooks', 'listen', '--port', '0', '--inspect', '0', '--secret', GIVEN, '-o', 'ndjson'], {
      configDir,
      timeoutMs: 120_000,
    });
    await cli.waitFor('stderr', /listening on \S+/);
    const stderr = cli.output('stderr');
    listenUrl = /listening on (\S+)/.exec(stderr)![1]!;
    const inspectUrl = /inspector on (\S+)/.exec(stderr)![1]!;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1360, height: 820 } });
    page.on('pageerror', (error) => pageErrors.push(`${error.message}\n${error.stack ?? ''}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(inspectUrl);
    await page.locator('#conn[data-state=live]').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    cli?.child.kill('SIGKILL');
    await receiver?.close();
    if (configDir) rmSync(configDir, { recursive: true, force: true });
    expect(chromiumTraces()).toEqual(tracesBefore);
  });

  it('the empty page shows the trigger line listen printed; run as shown, its delivery appears', async () => {
    expect(cli.output('stderr')).toContain('try: pwctl webhooks trigger task.completed\n');
    await page.locator('#waiting').waitFor();
    expect(await page.locator('#cmd-trigger').textContent()).toBe('pwctl webhooks trigger task.completed');
    const sent = await runInProcess(['webhooks', 'trigger', 'task.completed'], { configDir });
    expect(sent.code, sent.stderr).toBe(0);
    const row = page.locator('#list .row[data-verdict=verified]');
    await row.waitFor();
    expect(await row.locator('.tag.sub').textContent()).toBe('#7');
  });

  it('replays a rejected delivery with r to the URL typed, re-signed: the same bytes with a Signature of the subscription’s secret', async () => {
    const forged = taskPayload(201, 'Signed with a secret the listener does not know');
    const forgedSignature = signBody('not-the-secret', forged);
    expect(await deliver(forged, forgedSignature)).toBe(401);
    const row = page.locator('#list .row[data-verdict=rejected]');
    await row.waitFor();
    // Its shape suggests the one stored subscription of task.completed: a guess.
    expect(await row.locator('.tag.sub').textContent()).toBe('#7?');
    await row.click();
    await page.locator('#detail .reason-box').waitFor();
    expect(await page.locator('#replay-to').inputValue()).toBe('');
    // Re-signing a rejected delivery is asked for, and confirmed (test/browser/webhooks-inspect-trust.test.ts).
    expect(await page.locator('#replay-resign').isChecked()).toBe(false);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('#replay-resign').click();
    expect(await page.locator('#replay-resign').isChecked()).toBe(true);
    await page.locator('#replay-to').fill(`${receiver.url}?from=page`);
    await page.locator('#list').focus();
    await page.keyboard.press('r');
    await page.locator('#replays .replay.ok').waitFor();
    expect(await page.locator('#replays .replay.ok .status').textContent()).toBe('200 OK');
    expect(await page.locator('#replays .replay.ok .target').textContent()).toBe(`${receiver.url}?from=page`);
    expect(await page.locator('#replays .replay.ok .tag.resigned').textContent()).toBe('re-signed');

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.url).toBe('/hooks?from=page');
    expect(got!.body.equals(forged)).toBe(true);
    expect(got!.headers.signature).toBe(signBody(STORED, forged));
    expect(got!.headers.signature).not.toBe(forgedSignature);
    expect(got!.headers['content-type']).toBe('application/json');
    await page.screenshot({ path: join(screenshotDir(), 'inspector-replay-to.png') });
  });

  it('replays a verified delivery to the URL typed with its own Signature; with no URL, or one it cannot take, says why and sends nothing', async () => {
    const body = taskPayload(202, 'Verified with the secret given to listen');
    const signature = signBody(GIVEN, body);
    expect(await deliver(body, signature)).toBe(204);
    await page.locator('#list .row', { hasText: 'Verified with the secret' }).click();
    await page.locator('#payload .tree').waitFor();
    expect(await page.locator('#replay-to').inputValue()).toBe('');
    expect(await page.locator('#replay-resign').isChecked()).toBe(false);
    const before = receiver.received.length;

    await page.locator('#replay').click();
    await page.locator('#replays .replay.fail').waitFor();
    expect(await page.locator('#replays .replay.fail .why').textContent()).toBe(
      'no target: this delivery was not forwarded (listen has no --forward-to for it); give the URL of your receiver in the "to" field beside Replay',
    );
    // The URL is checked as `deliveries replay --to` checks it; the reason is shown as text.
    await page.locator('#replay-to').fill('ftp://127.0.0.1/<b>hooks</b>');
    await page.locator('#replay').click();
    await page.locator('#replays .replay.fail').nth(1).waitFor();
    expect(await page.locator('#replays .replay.fail .why').first().textContent()).toBe(
      'to must be a URL starting with http:// or https://, got "ftp://127.0.0.1/<b>hooks</b>"',
    );
    expect(await page.locator('#app b').count()).toBe(0);
    expect(receiver.received.length).toBe(before);

    // Enter in the field replays.
    await page.locator('#replay-to').fill(receiver.url);
    await page.locator('#replay-to').press('Enter');
    await page.locator('#replays .replay.ok').waitFor();
    expect(await page.locator('#replays .replay.ok .tag.resigned').count()).toBe(0);
    const replays = receiver.received.slice(before);
    expect(replays).toHaveLength(1);
    expect(replays[0]!.body.equals(body)).toBe(true);
    expect(replays[0]!.headers.signature).toBe(signature);
    expect(replays[0]!.headers['user-agent']).toBe('pw-webhooks/1.0');
  });

  it('kept to its own Content-Security-Policy: no errors in the page but the 400 of the URL it refused', () => {
    // Chromium logs every 4xx answer to fetch(); that one was asked for above.
    expect(pageErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});
