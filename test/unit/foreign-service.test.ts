// Which answers give a base URL away as another server's: pages for people, redirects, a
// list that does not exist, a 404 that is not JSON — and which do not (the service's own
// errors, a gateway's 502, a 429 in any dress).
import { describe, expect, it } from 'vitest';
import { foreignTrait, notTheService } from '../../src/api/foreign-service.js';

const answer = (
  status: number,
  contentType = 'application/json',
  text = '',
  extra: { headers?: Record<string, string>; listing?: boolean } = {},
) => ({
  status,
  contentType,
  text,
  headers: extra.headers ?? {},
  listing: extra.listing,
});

describe('foreignTrait', () => {
  it('names what gives another server away', () => {
    expect(foreignTrait(answer(200, 'text/html; charset=utf-8', '<html>'))).toBe('it answered with an HTML page');
    expect(foreignTrait(answer(401, 'text/plain', '<!DOCTYPE html><html>'))).toBe('it answered with an HTML page');
    expect(foreignTrait(answer(302, 'text/html', '', { headers: { location: 'https://sso.example.com/login' } }))).toBe(
      'it redirects to https://sso.example.com/login',
    );
    expect(foreignTrait(answer(301))).toBe('it answered 301, a redirect');
    expect(foreignTrait(answer(404, 'application/json', '{"message":"Not Found"}', { listing: true }))).toBe(
      'it has no such list',
    );
    expect(foreignTrait(answer(404, 'text/plain', 'Cannot GET /api/v1/steps/5'))).toBe('its 404 is not JSON');
  });

  it("leaves the service's own answers and a gateway's failures alone", () => {
    expect(foreignTrait(answer(404, 'application/json', '{"message":"Document not found."}'))).toBeUndefined();
    expect(foreignTrait(answer(404, 'application/json', ''))).toBeUndefined();
    expect(foreignTrait(answer(422, 'application/json', '{"message":"Invalid","errors":{}}'))).toBeUndefined();
    expect(foreignTrait(answer(502, 'text/html', '<html>Bad Gateway</html>'))).toBeUndefined();
    expect(foreignTrait(answer(429, 'text/html', '<html>Slow down</html>'))).toBeUndefined();
    expect(foreignTrait(answer(200, 'application/json', '{"data":[]}', { listing: true }))).toBeUndefined();
  });
});

describe('notTheService', () => {
  it('names the host and the remedy, when there is one', () => {
    expect(
      notTheService(
        'https://intranet.example.com:8443/api/v1/steps',
        'it answered with an HTML page',
        'check --base-url',
      ),
    ).toBe(
      'this does not look like the Project Work Service at intranet.example.com:8443 (it answered with an HTML page); check --base-url',
    );
    expect(notTheService('http://127.0.0.1:9/x', 'it has no such list', undefined)).toBe(
      'this does not look like the Project Work Service at 127.0.0.1:9 (it has no such list)',
    );
  });
});
