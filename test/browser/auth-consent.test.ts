// The browser half of `pwctl auth login --web`, in a real browser: headless Chromium (Debian's
// `chromium` package, driven by playwright-core) opens the URL the CLI prints, signs in on the
// sandbox's consent page, follows the redirect to the CLI's loopback callback and shows the
// CLI's "you can close this tab" page. Skipped, saying why, only when Chromium is absent.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { chromiumTraces, hasChromium, launchChromium, NO_CHROMIUM } from '../helpers/chromium.js';
import { baseEnv, cliCommand, makeConfigDir, type CliResult } from '../helpers/cli.js';
import { startTestSandbox } from '../helpers/sandbox.js';

/** Start `auth login --web --no-browser`; resolves the printed URL and the finished run. */
function startWebLogin(baseUrl: string, configDir: string): { url: Promise<string>; done: Promise<CliResult> } {
  const child = spawn(...cliCommand(['auth', 'login', '--web', '--no-browser', '--base-url', baseUrl]), {
    env: baseEnv(configDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const done = new Promise<CliResult>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout: out, stderr: err })),
  );
  const url = new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8');
      const m = /^ {2}(http:\/\/\S+\/oauth\/authorize\?\S+)$/m.exec(err);
      if (m) resolve(m[1]!);
    });
    void done.then((r) => reject(new Error(`CLI exited (${r.code}) before printing a URL:\n${r.stderr}`)));
  });
  return { url, done };
}

function storedToken(configDir: string): string | undefined {
  const path = join(configDir, 'config.json');
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')).profiles?.default?.token;
}

describe('sandbox consent page in headless Chromium', () => {
  if (!hasChromium) {
    it.skip(NO_CHROMIUM, () => {});
    return;
  }

  let sb: RunningSandbox;
  let browser: Browser;
  const tracesBefore = chromiumTraces();
  beforeAll(async () => {
    sb = await startTestSandbox();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await sb?.close();
    // Checked after the browser has exited, when it would have written its crash database.
    expect(chromiumTraces()).toEqual(tracesBefore);
  });

  it('approving as a chosen user lands on the CLI\'s "close this tab" page and stores that user\'s token', async () => {
    const configDir = makeConfigDir();
    const cli = startWebLogin(sb.baseUrl, configDir);
    const page = await browser.newPage();
    try {
      await page.goto(await cli.url);
      expect(await page.title()).toBe('Authorize application');
      expect(await page.locator('strong').first().textContent()).toBe('pwctl');
      expect(await page.locator('input[name=user][value=manager]').isChecked()).toBe(true);

      await page.locator('input[name=user][value=member]').check();
      await page.locator('button[value=approve]').click();
      await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);

      expect(await page.locator('h1').textContent()).toBe('Signed in');
      expect(await page.locator('p').textContent()).toMatch(
        /with profile default\. You can close this tab and return to the terminal\./,
      );
    } finally {
      await page.close();
    }
    const result = await cli.done;
    expect(result.code, result.stderr).toBe(0);
    const token = storedToken(configDir);
    expect(token).toBeDefined();
    expect(sb.state.auth.access_tokens[token!]?.user_id).toBe(2);
  });

  it('denying shows the failure in the tab and stores nothing (exit 4)', async () => {
    const configDir = makeConfigDir();
    const cli = startWebLogin(sb.baseUrl, configDir);
    const page = await browser.newPage();
    try {
      await page.goto(await cli.url);
      await page.locator('button[value=deny]').click();
      await page.waitForURL(/\/callback\?/);
      expect(await page.locator('h1').textContent()).toBe('Sign-in failed');
      expect(await page.locator('p').textContent()).toMatch(/access_denied/);
    } finally {
      await page.close();
    }
    const result = await cli.done;
    expect(result.code).toBe(4);
    expect(storedToken(configDir)).toBeUndefined();
  });
});
