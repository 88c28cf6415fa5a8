// `pwctl api`: a raw authenticated request to any endpoint, declared once (its name and summary
// are its entry in ../registry.ts).
import { bind, verbBody } from '../declare.js';
import { flag, path, raw, text, texts } from '../flags.js';

export const api = verbBody({
  details:
    'Parameters (-f, -F) go in the query string of a GET and in the JSON body otherwise.\n' +
    'The body of an error response is printed too; the exit code follows `pwctl help exit-codes`.',
  flags: () => ({
    path: raw(
      '<path>',
      'endpoint path as in the API reference, e.g. /api/v1/projects/31 (/api/v1 is added when omitted)',
      { required: true },
    ),
    method: text('-X, --method', 'HTTP method (default GET, or POST when a body is given)', {
      placeholder: '<method>',
    }),
    field: texts(
      '-F, --field',
      'typed parameter: a JSON value (12, true, null, [1,2], "text") is sent as that type, @file sends a file\'s text (@- standard input), anything else a string',
      { placeholder: '<key=value>' },
    ),
    rawField: texts('-f, --raw-field', 'string parameter', { placeholder: '<key=value>' }),
    header: texts('-H, --header', 'extra request header', { placeholder: '<name: value>' }),
    input: path('--input', 'request body from a file, or - for stdin', { placeholder: '<file|->' }),
    include: flag('-i, --include', 'print the response status line and headers before the body'),
    silent: flag('--silent', 'do not print the response body'),
    paginate: flag('--paginate', "follow next links and print all pages' data as one JSON array, as they arrive", {
      pages: true,
    }),
  }),
  rules: [{ exclusive: ['include', 'paginate'] }],
  examples: [
    'pwctl api /steps -f completed=false',
    'pwctl api -X PUT /steps/42 -F completed=true',
    'pwctl api -X POST /steps -F phase_id=41 -f title="Draft the brief" -F content=@brief.md',
    'pwctl api -i /steps/42',
    'pwctl api /steps --paginate | jq length',
  ],
  // Any method may be sent: --dry-run shows what would change data.
  effects: { writes: true },
});

export const apiCommand = bind(api, () => import('./api.js'));
