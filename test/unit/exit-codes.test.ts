import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse } from '../../src/api/errors.js';
import { classifyError, EXIT } from '../../src/cli/main.js';
import {
  AuthRequiredError,
  BulkFailure,
  CommandFailedError,
  ConfigError,
  DifferencesFound,
  InterruptedError,
  NetworkError,
  UsageError,
} from '../../src/errors.js';

const api = (kind: ApiError['kind'], status: number | null) =>
  new ApiError({ kind, status, message: 'm', method: 'GET', url: 'http://x/api/v1/steps' });

describe('classifyError maps every error family to the contract exit code', () => {
  it.each([
    [new UsageError('u'), 2],
    [new AuthRequiredError('a'), 4],
    [new ConfigError('c'), 1],
    [new BulkFailure(1, 3), 8],
    [new InterruptedError('i'), 130],
    [new CommandFailedError('bad signature'), 1],
    [new NetworkError('receiver unreachable'), 7],
    [api('unauthorized', 401), 4],
    [api('forbidden', 403), 4],
    [api('not_found', 404), 3],
    [api('validation', 422), 5],
    [api('rate_limited', 429), 6],
    [api('server', 503), 7],
    [api('network', null), 7],
    [api('timeout', null), 7],
    [api('bad_response', 200), 7],
    [api('outcome_unknown', null), 7],
    [api('http', 409), 1],
    [new TypeError('boom'), 1],
  ])('%s → %i', (error, code) => {
    expect(classifyError(error).code).toBe(code);
  });

  it('differences found (docs diff) are exit 1 with nothing more said', () => {
    expect(classifyError(new DifferencesFound('2 files differ'))).toEqual({ code: 1, status: null, silent: true });
  });

  it('recognises commander errors by code (the class name may be renamed by the bundler)', () => {
    expect(classifyError({ code: 'commander.unknownOption', name: 'CommanderError2' }).code).toBe(EXIT.usage);
    expect(classifyError({ code: 'commander.helpDisplayed' })).toMatchObject({ code: 0, silent: true });
  });
});

describe('errorFromResponse', () => {
  it('keeps the server status and message and the field errors', () => {
    const e = errorFromResponse(
      'PUT',
      'http://h/api/v1/steps/1?x=1',
      422,
      'application/json',
      '{"message":"The given data was invalid.","errors":{"due_date":["bad"]}}',
    );
    expect(e.kind).toBe('validation');
    expect(e.message).toBe('PUT /api/v1/steps/1?x=1: 422 Unprocessable Content: The given data was invalid.');
    expect(e.errors).toEqual({ due_date: ['bad'] });
  });

  it('turns an HTML error page into one line', () => {
    const e = errorFromResponse(
      'GET',
      'http://h/api/v1/steps',
      502,
      'text/html',
      '<html><body><h1>502 Bad Gateway</h1>\n<hr>nginx</body></html>',
    );
    expect(e.message).toBe(
      'GET /api/v1/steps: 502 Bad Gateway: the server answered with an HTML error page (a proxy or gateway error?)',
    );
    expect(e.message).not.toMatch(/[<\n]/);
  });
});
