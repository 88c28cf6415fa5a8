// The inspector page and deliveries it must not trust (issue 34), in headless Chromium: a
// forged delivery's subscription is shown as a guess, its re-sign box is never ticked for it,
// and ticking it asks first, saying the bytes came from an unverified sender; text of a
// delivery carrying a right-to-left override (U+202E) is isolated, so it reorders none of the
// page's text around it. The built CLI listens; a stub receiver on port 0 records what it gets.
import { rmSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../src/webhooks/signature.js';
import { chromiumTraces, hasChromium, launchChromium, NO_CHROMIUM } from '../helpers/chromium.js';
import { registerSecret, startCli, type RunningCli } from '../helpers/cli.js';
import { configDirWithStoredSecret } from '../helpers/stored-secret.js';
import { postStatus as post } from '../helpers/post.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

/** The secret `webhooks create` stored for subscription 7 (task.completed) of the sandbox. */
const STORED = 'whsec_inspector_trust_stored_7_a91c';
const GIVEN = 'whsec_inspector_trust_given_4d27e0';
const RLO = '\u202e';

/** What the tests read of an element on the page (the project's types have no DOM). */
interface Styled {
  getAttribute(name: string): string | null;
}
const unicodeBidi = (locator: Locator) =>
  locator.evaluate(
    (el) =>
      (globalThis as unknown as { getComputedStyle(e: unknown): { unicodeBidi: string } }).getComputedStyle(el)
        .unicodeBidi,
  );
const dirOf = (locator: Locator) => locator.evaluate((el) => (el as unknown as Styled).getAttribute('dir'));

describe('the inspector page and what it must not trust', () => {
  if (!hasChromium) {
    it.skip(NO_CHROMIUM, () => {});
    return;
  }

  let browser: Browser;
  let page: Page;
  let cli: RunningCli;
  let receiver: StubServer;
  let receiverUrl: string;
  let configDir: string;
  let listenUrl: string;
  const pageErrors: string[] = [];
  const tracesBefore = chromiumTraces();

  beforeAll(async () => {
    registerSecret(GIVEN);
    configDir = configDirWithStoredSecret(STORED);
    receiver = await startStubServer();
    receiver.on('POST /hooks', { status: 200, raw: 'ok' });
    receiverUrl = `${receiver.url}/hooks`;
    cli = startCli(['webhooks', 'listen', '--port', '0', '--inspect', '0', '--secret', GIVEN, '-o', 'ndjson'], {
      configDir,
      timeoutMs: 120_000,
    });
    await cli.waitFor('stderr', /listening on \S+/);
    const stderr = cli.output('stderr');
    listenUrl = /listening on (\S+)/.exec(stderr)![1]!;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1360, height: 820 } });
    page.on('pageerror', (error) => pageErrors.push(`${error.message}\n${error.stack ?? ''}`));
    await page.goto(/inspector on (\S+)/.exec(stderr)![1]!);
    await page.locator('#conn[data-state=live]').waitFor();
    // A listener and a browser to start: on a loaded machine that takes longer than a hook's 30 s.
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    cli?.child.kill('SIGKILL');
    await receiver?.close();
    if (configDir) rmSync(configDir, { recursive: true, force: true });
    expect(chromiumTraces()).toEqual(tracesBefore);
  });

  it('a forgery: its subscription is a guess, re-sign is not ticked, and ticking it asks first, naming the unverified sender', async () => {
    const forged = Buffer.from(
      JSON.stringify({ id: 301, title: 'A forged task', completed: true, completed_at: new Date().toISOString() }),
    );
    const forgedSignature = signBody('a-secret-of-the-attacker', forged);
    expect(await post(listenUrl, forged, { 'content-type': 'application/json', signature: forgedSignature })).toBe(401);
    const row = page.locator('#list .row[data-verdict=rejected]');
    await row.waitFor();
    expect(await row.locator('.tag.sub').textContent()).toBe('#7?');
    expect(await row.locator('.tag.sub').getAttribute('class')).toBe('tag sub guess');
    await row.click();
    await page.locator('#detail .reason-box').waitFor();
    expect(await page.locator('#detail .facts').textContent()).toContain(
      'Subscription#7? (a guess from its shape: not verified)',
    );
    expect(await page.locator('#replay-resign').isChecked()).toBe(false);
    await page.locator('#replay-to').fill(receiverUrl);

    // Declined: the box stays unticked.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.locator('#replay-resign').click();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(
      /^This delivery was rejected \(no secret matches\): its bytes came from an unverified sender\.\n\nRe-signing them with subscription #7’s stored secret would make them look genuine to your receiver\. Re-sign them anyway\?$/,
    );
    expect(await page.locator('#replay-resign').isChecked()).toBe(false);
    // Replayed as it came: its own (forged) Signature.
    await page.locator('#replay').click();
    await page.locator('#replays .replay.ok').waitFor();
    expect(receiver.requests.map((r) => r.headers.signature)).toEqual([forgedSignature]);

    // Accepted: ticked, and the listener re-signs it, told that the page asked.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('#replay-resign').click();
    expect(await page.locator('#replay-resign').isChecked()).toBe(true);
    await page.locator('#replay').click();
    await page.locator('#replays .replay.ok .tag.resigned').waitFor();
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1]!.bytes.equals(forged)).toBe(true);
    expect(receiver.requests[1]!.headers.signature).toBe(signBody(STORED, forged));
  });

  it('isolates a delivery’s text: a right-to-left override in it reorders none of the page’s text around it', async () => {
    const title = `${RLO}Invoice gpj.exe`;
    const body = Buffer.from(
      JSON.stringify({ id: 302, title, completed_at: new Date().toISOString(), [`${RLO}key`]: 'value' }),
    );
    expect(await post(listenUrl, body, { 'content-type': 'application/json', signature: signBody(GIVEN, body) })).toBe(
      204,
    );
    const row = page.locator('#list .row', { hasText: 'Invoice' });
    await row.waitFor();
    await row.click();
    await page.locator('#payload .tree').waitFor();
    const values = [
      row.locator('.title'),
      page.locator('#detail .resource-title'),
      page.locator('#payload .j-str', { hasText: 'Invoice' }),
      page.locator('#payload .j-key', { hasText: 'key' }),
    ];
    for (const value of values) {
      expect(await value.textContent()).toContain(RLO);
      expect(await dirOf(value)).toBe('auto');
      expect(await unicodeBidi(value)).toBe('isolate');
    }
    // On the screen: the key, then its colon, then its value, left to right, as on every other line.
    const line = page.locator('#payload .j', { hasText: 'key' });
    const [key, colon, value] = await Promise.all([
      line.locator('.j-key').boundingBox(),
      line.locator('.j-punct').first().boundingBox(),
      line.locator('.j-str').boundingBox(),
    ]);
    expect(colon!.x).toBeGreaterThan(key!.x);
    expect(value!.x).toBeGreaterThan(colon!.x);
  });

  it('kept to its own Content-Security-Policy: no errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
