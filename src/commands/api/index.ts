import type { Command } from 'commander';
import { action, collect, type Session } from '../action.js';

export interface ApiOptions {
  method?: string;
  field?: string[];
  rawField?: string[];
  header?: string[];
  input?: string;
  paginate?: boolean;
}

export function registerApi(program: Command, session: Session): void {
  program
    .command('api')
    .description('make an authenticated request to any endpoint and print the response body')
    .argument('<path>', 'endpoint path as in the API reference, e.g. /api/v1/projects/31 (/api/v1 is added when omitted)')
    .option('-X, --method <method>', 'HTTP method (default GET, or POST when a body is given)')
    .option('-f, --field <key=value>', 'string parameter: query for GET, JSON body field otherwise (repeatable)', collect)
    .option('-F, --raw-field <key=json>', 'typed parameter parsed as JSON: 12, true, null, "text", [1,2] (repeatable)', collect)
    .option('-H, --header <name: value>', 'extra request header (repeatable)', collect)
    .option('--input <file|->', 'request body from a file, or - for stdin')
    .option('--paginate', 'follow next links and print all pages\' data as one JSON array')
    .addHelpText('after', '\nExamples:\n  pwctl api /steps -f completed=false\n  pwctl api -X PUT /steps/42 -F completed=true\n  pwctl api /steps --paginate | jq length')
    .action(action(session, async (ctx, path: string, opts: ApiOptions) => (await import('./api.js')).run(ctx, path, opts)));
}
