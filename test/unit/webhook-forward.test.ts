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
    expect(() => parseForwardTarget('ftp://x/')).toThrow(/--forward-to must be a URL starting with http:\/\/ or https:\/\//);
    expect(() => parseForwardTarget('not a url')).toThrow(/--forward-to must be a URL starting with http:\/\/ or https:\/\//);
  });
});

describe('forwardHeaders', () => {
  it('keeps the original headers and their case, drops hop-by-hop ones, and sets the length', () => {
    const raw = ['Host', 'a:1', 'Content-Type', 'application/json', 'Signature', 'ab'.repeat(32), 'Connection', 'keep-alive', 'Transfer-Encoding', 'chunked', 'X-Trace', '1', 'X-Trace', '2', 'content-length', '99'];
    expect(forwardHeaders(raw, 12)).toEqual({
      'Content-Type': 'application/json',
      Signature: 'ab'.repeat(32),
      'X-Trace': ['1', '2'],
      'Content-Length': '12',
    });
  });
});
