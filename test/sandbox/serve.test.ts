// `pwctl sandbox serve`: the ready output, request lines on stderr, and a clean stop.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { serveSandbox } from '../../src/sandbox/serve.js';

function capture(): { stream: PassThrough; text: () => string; line: () => Promise<string> } {
  const stream = new PassThrough();
  let buffer = '';
  stream.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
  });
  return {
    stream,
    text: () => buffer,
    line: () =>
      new Promise((resolve) => {
        const check = (): void => {
          const end = buffer.indexOf('\n');
          if (end >= 0) resolve(buffer.slice(0, end));
          else stream.once('data', () => setImmediate(check));
        };
        check();
      }),
  };
}

describe('serveSandbox', () => {
  it('announces where it is and its role tokens once, logs requests to stderr, and stops on abort', async () => {
    const out = capture();
    const err = capture();
    const controller = new AbortController();
    const running = serveSandbox({
      announce: (ready) => void out.stream.write(`${JSON.stringify(ready)}\n`),
      stderr: err.stream,
      signal: controller.signal,
      rateLimit: 1000,
    });

    const ready = JSON.parse(await out.line());
    expect(Object.keys(ready)).toEqual(['base_url', 'tokens']);
    expect(ready.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(ready.tokens)).toEqual(['manager', 'member', 'client']);

    const res = await fetch(`${ready.base_url}/api/v1/steps?per_page=1`, {
      headers: { Authorization: `Bearer ${ready.tokens.client}` },
    });
    expect(res.status).toBe(200);
    await res.text();
    expect(err.text()).toMatch(/^GET \/api\/v1\/steps\?per_page=1 200 \d+ms$/m);

    controller.abort();
    await running;
    expect(out.text().split('\n').filter(Boolean)).toHaveLength(1);
    await expect(fetch(`${ready.base_url}/api/v1/steps`)).rejects.toThrow();
  });

  it('tells people the base URL, the three tokens and a usage hint', async () => {
    const out = capture();
    const controller = new AbortController();
    const running = serveSandbox({
      announce: (_ready, text) => void out.stream.write(text),
      stderr: new PassThrough(),
      signal: controller.signal,
      seed: 'empty',
    });
    await out.line();
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await running;
    const text = out.text();
    const baseUrl = /Base URL\s+(http:\/\/\S+)/.exec(text)?.[1];
    const manager = /Manager\s+(\S+)/.exec(text)?.[1];
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(text).toMatch(/Member\s+sbx_member_/);
    expect(text).toMatch(/Client\s+sbx_client_/);
    expect(text).toContain(`PWCTL_BASE_URL=${baseUrl} PWCTL_TOKEN=${manager} pwctl steps list`);
  });

  it('returns at once when the signal is already aborted', async () => {
    const out = capture();
    await serveSandbox({
      announce: (ready) => void out.stream.write(`${JSON.stringify(ready)}\n`),
      stderr: new PassThrough(),
      signal: AbortSignal.abort(),
    });
    expect(out.text()).toBe('');
  });
});
