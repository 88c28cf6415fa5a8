import { describe, expect, it } from 'vitest';
import { forwardHeaders, parseForwardTarget } from '../../src/webhooks/forward.js';

describe('parseForwardTarget', () => {
  it('reads a bare URL as a route for every event', () => {
    const target = parseForwardTarget('http://localhost:3000/hooks?x=1');
    expect(target.event).toBeUndefined();
    expect(target.url.href).toBe('http://localhost:3000/hooks?x=1');
  });

  it('reads <event>=<url> as a per-event route, even when the URL holds =', () => {
    const target = parseForwardTarget('task.completed=https://example.com/done?a=b');
    expect(target.event).toBe('task.completed');
    expect(target.url.href).toBe('https://example.com/done?a=b');
  });

  it('rejects unknown events and bad URLs naming the flag and the accepted form', () => {
    expect(() => parseForwardTarget('task.finished=http://x/')).toThrow(/--forward-to.*one of project\.created/);
    expect(() => parseForwardTarget('ftp://x/')).toThrow(
      /--forward-to must be a URL starting with http:\/\/ or https:\/\//,
    );
    expect(() => parseForwardTarget('not a url')).toThrow(
      /--forward-to must be a URL starting with http:\/\/ or https:\/\//,
    );
  });
});

describe('forwardHeaders', () => {
  it("relays only Content-Type, Signature and User-Agent (names' case kept, the first of each) and sets the length", () => {
    const raw = [
      'Host',
      'a:1',
      'Content-Type',
      'application/json',
      'Signature',
      'ab'.repeat(32),
      'user-agent',
      'Sender/1.0',
      'Authorization',
      'Bearer not-for-the-target',
      'Cookie',
      'session=1',
      'X-Forwarded-For',
      '203.0.113.9',
      'X-Forwarded-Host',
      'evil.example',
      'Forwarded',
      'for=203.0.113.9',
      'X-Trace',
      '1',
      'Connection',
      'keep-alive',
      'Transfer-Encoding',
      'chunked',
      'Content-Type',
      'text/plain',
      'content-length',
      '99',
    ];
    expect(forwardHeaders(raw, 12)).toEqual({
      'Content-Type': 'application/json',
      Signature: 'ab'.repeat(32),
      'user-agent': 'Sender/1.0',
      'Content-Length': '12',
    });
  });

  it('sends no header the delivery did not have', () => {
    expect(forwardHeaders(['Signature', 'cd'.repeat(32)], 0)).toEqual({
      Signature: 'cd'.repeat(32),
      'Content-Length': '0',
    });
  });
});
