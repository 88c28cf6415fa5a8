import type { Command } from 'commander';
import { action, collect, type Session } from '../action.js';

export interface ApiOptions {
  method?: string;
  /** -F/--field: typed values. */
  field?: string[];
  /** -f/--raw-field: strings. */
  rawField?: string[];
  header?: string[];
  input?: string;
  paginate?: boolean;
  include?: boolean;
  silent?: boolean;
}

export function registerApi(program: Command, session: Session): void {
  program
    .command('api')
    .description('make an authenticated request to any endpoint and print the response body')
    .argument('<path>', 'endpoint path as in the API reference, e.g. /api/v1/projects/31 (/api/v1 is added when omitted)')
    .option('-X, --method <method>', 'HTTP method (default GET, or POST when a body is given)')
    .option('-F, --field <key=value>', 'typed parameter: a JSON value (12, true, null, [1,2], "text") is sent as that type, @file sends a file\'s text (@- standard input), anything else a string (repeatable)', collect)
    .option('-f, --raw-field <key=value>', 'string parameter (repeatable)', collect)
    .option('-H, --header <name: value>', 'extra request header (repeatable)', collect)
    .option('--input <file|->', 'request body from a file, or - for stdin')
    .option('-i, --include', 'print the response status line and headers before the body')
    .option('--silent', 'do not print the response body')
    .option('--paginate', 'follow next links and print all pages\' data as one JSON array')
    .addHelpText(
      'after',
      '\nParameters (-f, -F) go in the query string of a GET and in the JSON body otherwise.\n' +
        'The body of an error response is printed too; the exit code follows `pwctl help exit-codes`.\n\n' +
        'Examples:\n  pwctl api /steps -f completed=false\n  pwctl api -X PUT /steps/42 -F completed=true\n  pwctl api -X POST /steps -F phase_id=41 -f title="Draft the brief" -F content=@brief.md\n  pwctl api -i /steps/42\n  pwctl api /steps --paginate | jq length',
    )
    .action(action(session, async (ctx, path: string, opts: ApiOptions) => (await import('./api.js')).run(ctx, path, opts)));
}
