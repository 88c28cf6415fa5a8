// The bad-input corpus: malformed invocations of every noun. Each must be refused locally —
// exit 2, one `error:` line naming the flag or argument and the form it accepts, no stack
// trace — and not one request may reach the service.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { makeConfigDir, runInProcess } from '../helpers/cli.js';
import { sandboxEnv, startTestSandbox } from '../helpers/sandbox.js';
import { expectUsageError, inBatches } from './support.js';

interface Case {
  args: string[];
  /** What the one error line must say: the flag/argument and the accepted form. */
  says: RegExp;
  stdin?: string | Buffer;
  /** Run with a config directory holding this config file text. */
  env?: Record<string, string | undefined>;
}

const UUID = '5eed0000-0000-4000-8000-000000000081';
const BAD_IDS = ['abc', '-1', '0', '1.5', '99999999999999999999', '1e3', '0x1f', '', ' 7 8'];
const ID_FORM = /<id> must be a positive integer id/;
const BAD_UUIDS = [
  'not-a-uuid',
  '5eed0000-0000-4000-8000-00000000008', // one digit short
  '5eed0000-0000-4000-8000-0000000000811', // one digit long
  'zzzzzzzz-0000-4000-8000-000000000081',
  `{${UUID}}`,
  '81',
];
const UUID_FORM = /<uuid> must be a document UUID \(e\.g\. [0-9a-f-]{36}\)/;
const BAD_DATES = [
  '2025-02-30',
  '2023-02-29',
  '2025-13-01',
  '2025-00-10',
  '2025-04-31',
  '25-01-01',
  '2025/01/01',
  '2025-1-1',
  'tomorow',
  '+3x',
  '2025-01-01T00:00:00Z',
  '',
];
const DATE_FORM =
  /--due must be a (real calendar date in the form YYYY-MM-DD|date: YYYY-MM-DD \(e\.g\. 2026-12-31\), today, tomorrow, \+3d or \+2w)/;
const BAD_COLOURS = ['red', '#12', '#gggggg', '123456', '#1234567', 'rgb(1,2,3)'];
const COLOUR_FORM = /--color must be a hex colour like #1e90ff or #fff/;
const BAD_URLS = ['notaurl', 'ftp://example.com/hook', 'http://user:pw@example.com/hook', '', '/relative/path'];
const LONG_TITLE = 'x'.repeat(256);
const TAGS_101 = Array.from({ length: 101 }, (_, i) => `tag-${i}`);

let sb: RunningSandbox;
let files: { binary: string; badUtf8: string; dir: string; missing: string; good: string };

beforeAll(async () => {
  sb = await startTestSandbox();
  const dir = makeConfigDir();
  files = {
    binary: join(dir, 'logo.png'),
    badUtf8: join(dir, 'latin1.md'),
    dir: join(dir, 'a-directory'),
    missing: join(dir, 'missing.md'),
    good: join(dir, 'ok.md'),
  };
  writeFileSync(files.binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]));
  writeFileSync(files.badUtf8, Buffer.from('caf\xe9 cr\xe8me', 'latin1'));
  writeFileSync(files.good, '# fine\n');
  mkdirSync(files.dir);
});
afterAll(() => sb.close());

function corpus(): Case[] {
  const cases: Case[] = [];
  const add = (args: string[], says: RegExp, extra: Partial<Case> = {}) => cases.push({ args, says, ...extra });

  // Ids: non-numeric, negative, zero, fractional, huge, exponent, hex, empty, spaced.
  for (const id of BAD_IDS) {
    add(['steps', 'get', id], ID_FORM);
    add(['milestones', 'get', id], ID_FORM);
  }
  for (const id of ['abc', '-3', '2.5', '9007199254740993']) {
    add(['steps', 'update', id, '--title', 'x'], ID_FORM);
    add(['steps', 'complete', '101', id], ID_FORM);
    add(['steps', 'reopen', id], ID_FORM);
    add(['steps', 'delete', id, '--yes'], ID_FORM);
    add(['milestones', 'update', id, '--title', 'x'], ID_FORM);
    add(['milestones', 'delete', id, '--yes'], ID_FORM);
    add(['webhooks', 'get', id], ID_FORM);
    add(['tags', 'list', id], /<step-id> must be a positive integer id/);
  }
  add(['steps', 'move', 'x1', '--phase', '41'], ID_FORM);
  add(['steps', 'move', '101', '--phase', 'design'], /--phase must be a positive integer id/);
  add(['steps', 'reorder', 'first', '--first'], ID_FORM);
  add(['steps', 'reorder', '101', '--after', 'last'], /--after must be a positive integer id/);
  add(['steps', 'reorder', '101', '--after', '101'], /--after must name another task/);
  add(['steps', 'edit', '1.0'], ID_FORM);
  add(['steps', 'create', '--phase', '-41', '--title', 'x'], /--phase must be a positive integer id/);
  add(['steps', 'update', '101', '--phase', '4 1'], /--phase must be a positive integer id/);
  add(['steps', 'list', '--company', 'acme'], /--company must be a positive integer id/);
  add(['docs', 'list', '--project', '31.0'], /--project must be a positive integer id/);
  add(['docs', 'list', '--client', '-11'], /--client must be a positive integer id/);
  add(['milestones', 'list', '--project', 'x'], /--project must be a positive integer id/);
  add(
    ['milestones', 'create', '--project', 'web', '--title', 'T', '--due', '2026-01-01'],
    /--project must be a positive integer id/,
  );
  add(['webhooks', 'update', 'one', '--active', 'true'], ID_FORM);
  add(['webhooks', 'pause', '0'], ID_FORM);
  add(['webhooks', 'resume', '1e2'], ID_FORM);
  add(['webhooks', 'delete', '-5', '--yes'], ID_FORM);
  add(['webhooks', 'list', '--company', 'zero'], /--company must be a positive integer id/);
  add(['tags', 'add', '1x', 'urgent'], /<step-id> must be a positive integer id/);
  add(['tags', 'add', '101', 'id:abc'], /id:<n> must be a positive integer id/);
  add(['tags', 'add', '101', 'id:0'], /id:<n> must be a positive integer id/);
  add(['tags', 'set', '101', '99999999999999999999'], /must be a positive integer id of at most 9007199254740991/);

  // Document UUIDs.
  for (const uuid of BAD_UUIDS) add(['docs', 'get', uuid], UUID_FORM);
  add(['docs', 'update', 'abc', '--title', 'x'], UUID_FORM);
  add(['docs', 'delete', UUID, 'nope', '--yes'], UUID_FORM);
  add(['docs', 'edit', '81'], UUID_FORM);

  // Impossible or malformed dates.
  for (const date of BAD_DATES)
    add(['milestones', 'create', '--project', '31', '--title', 'T', '--due', date], DATE_FORM);
  for (const date of ['2025-02-29', '2025-06-31', '31-12-2025', 'the day after']) {
    add(['steps', 'create', '--phase', '41', '--title', 'T', '--due', date], DATE_FORM);
    add(['steps', 'update', '101', '--due', date], /--due must be a .*YYYY-MM-DD.*; or none to clear it/);
    add(['milestones', 'update', '71', '--due', date], DATE_FORM);
  }

  // Unknown enum values.
  add(['steps', 'list', '--include', 'comments'], /--include must be one of content, tags/);
  add(['steps', 'get', '101', '--include', 'content,assignees'], /--include must be one of content, tags/);
  add(['steps', 'list', '--include', ','], /--include takes a comma-separated list of content, tags/);
  add(['docs', 'update', UUID, '--edit-access', 'public'], /--edit-access must be one of private, team, collaborative/);
  add(['-o', 'xml', 'steps', 'list'], /-o\/--output must be one of table, json, yaml, ndjson, csv; got "xml"/);
  add(['--output=xml', 'milestones', 'list'], /-o\/--output must be one of table, json, yaml, ndjson, csv/);
  add(
    ['webhooks', 'create', '--url', 'https://example.com/h', '--event', 'task.deleted', '--company', '1'],
    /--event must be one of project\.created, task\.created/,
  );
  add(
    ['webhooks', 'create', '--url', 'https://example.com/h', '--event', 'TASK.CREATED', '--company', '1'],
    /--event must be one of/,
  );
  add(['webhooks', 'update', '92', '--active', 'maybe'], /--active must be true or false/);
  add(
    ['webhooks', 'trigger', 'task.exploded', '--to', 'http://127.0.0.1:9/', '--secret', 'abcdefgh'],
    /<event> must be one of/,
  );
  add(['webhooks', 'listen', '--events', 'task.created,bogus'], /--events must be one of/);
  add(['completion', 'tcsh'], /<shell> must be one of bash, zsh, fish; got "tcsh"/);
  add(['completion', 'powershell'], /<shell> must be one of bash, zsh, fish/);
  add(['sandbox', 'serve', '--seed', 'full'], /--seed must be one of demo, empty; got "full"/);
  add(['api', '-X', 'FETCH', '/steps'], /--method must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS/);

  // Missing required flags and arguments.
  add(['steps', 'create', '--title', 'T'], /--phase <id> is required/);
  add(['steps', 'create', '--phase', '41'], /--title <text> is required/);
  add(['steps', 'move', '101'], /--phase <id> is required/);
  add(['steps', 'reorder', '101'], /give exactly one of --first, --last or --after/);
  add(['steps', 'update', '101'], /nothing to update: give at least one of --title/);
  add(['steps', 'get'], /missing <id>; usage: pwctl /);
  add(['steps', 'complete'], /missing <id...>: give one or more, or - to read them from standard input; usage: pwctl /);
  add(['milestones', 'create', '--project', '31'], /missing required flags: --title <t>, --due <YYYY-MM-DD>/);
  add(
    ['milestones', 'create', '--title', 'T', '--due', '2026-01-01'],
    /--project <id> is required: project \(ids: `pwctl projects list`\)/,
  );
  add(
    ['milestones', 'update', '71'],
    /nothing to update: give at least one of --title, --due, --description or --color/,
  );
  add(['docs', 'create', '--project', '31'], /--title <t> is required/);
  add(['docs', 'create', '--title', 'Orphan'], /pass --project <id>, --client <id> or --company <id>/);
  add(['docs', 'update', UUID], /nothing to update: give at least one of --title, --content, --content-file/);
  add(['docs', 'get'], /missing <uuid>; usage: pwctl /);
  add(['webhooks', 'create', '--url', 'https://example.com/h'], /--event <type> is required/);
  add(['webhooks', 'create', '--event', 'task.created'], /--url <url> is required/);
  add(
    ['webhooks', 'create', '--url', 'https://example.com/h', '--event', 'task.created'],
    /--company <id> is required/,
  );
  add(['webhooks', 'update', '92'], /nothing to change: give at least one of --url or --active/);
  add(['webhooks', 'verify', '--secret', 'abcdefgh'], /--signature <hex> is required/);
  add(
    ['webhooks', 'verify', '--signature', 'ab'],
    /a signing secret is required: --secret-file <path> \(one secret per line\), PWCTL_WEBHOOK_SECRET, or --secret <s>/,
  );
  add(
    ['webhooks', 'trigger', 'task.created', '--secret', 'abcdefgh'],
    /--to <url> is needed: no `pwctl webhooks listen` of profile default is running to send to; start one \(in another terminal\), or pass --to <url>/,
  );
  add(
    ['webhooks', 'trigger', '--to', 'http://127.0.0.1:9/', '--secret', 'abcdefgh'],
    /missing <event>: name an event type/,
  );
  add(['webhooks', 'trigger', '--subscription', 'twelve'], /--subscription must be a positive integer id/);
  add(
    ['webhooks', 'trigger', '--subscription', '12', '--secret', 'abcdefgh'],
    /--secret and --subscription cannot be combined/,
  );
  add(
    ['webhooks', 'trigger', '--subscription', '12'],
    /no secret is stored for subscription 12 of http:\/\/127\.0\.0\.1:\d+ in profile default/,
  );
  add(['auth', 'switch', 'nosuch'], /no stored profile "nosuch"/);
  add(
    ['webhooks', 'trigger', 'task.created', '--to', 'http://127.0.0.1:9/'],
    /a signing secret is required: --secret-file <path>/,
  );
  add(['tags', 'add', '101'], /missing <tag...>; usage: pwctl /);
  add(['tags', 'set', '101'], /give exactly one of <tag> or --clear/);
  add(['tags', 'remove', '101'], /missing <tag...>; usage: pwctl /);
  add(['config', 'get'], /missing <key>; usage: pwctl /);
  add(['config', 'set', 'output'], /missing <value>; usage: pwctl /);
  add(['api'], /missing <path>; usage: pwctl /);
  add(['completion'], /missing <shell>; usage: pwctl /);
  add(['steps', 'list', '--limit'], /--limit needs a value: --limit <n>/);
  add(['steps', 'create', '--phase'], /--phase needs a value: --phase <id>/);
  add(['docs', 'delete', UUID], /refusing without a terminal to confirm; pass --yes/);
  add(['steps', 'delete', '101', '102'], /refusing without a terminal to confirm; pass --yes/);
  add(['milestones', 'delete', '71'], /refusing without a terminal to confirm; pass --yes/);
  add(['webhooks', 'delete', '91'], /pass --yes/);
  add(['docs', 'edit', UUID], /\$VISUAL|\$EDITOR|editor/i);
  add(['steps', 'edit', '101'], /\$VISUAL|\$EDITOR|editor/i);

  // Conflicting flags.
  add(['steps', 'list', '--completed', '--open'], /--completed and --open cannot be used together/);
  add(['steps', 'list', '--has-due-date', '--no-due-date'], /--has-due-date and --no-due-date cannot be used together/);
  add(
    ['steps', 'create', '--phase', '41', '--title', 'T', '--published', '--draft'],
    /--published and --draft cannot be used together/,
  );
  add(['steps', 'update', '101', '--published', '--draft'], /--published and --draft cannot be used together/);
  add(['steps', 'complete', '108', '--approve', '--reject'], /--approve and --reject cannot be used together/);
  add(['steps', 'reorder', '101', '--first', '--last'], /--first and --last cannot be used together/);
  add(['steps', 'reorder', '101', '--first', '--after', '102'], /--first and --after cannot be used together/);
  add(
    ['steps', 'create', '--phase', '41', '--title', 'T', '--content', 'a', '--content-file', files?.good ?? 'x'],
    /--content and --content-file cannot be used together/,
  );
  add(
    ['steps', 'update', '101', '--allow-removing-attachments'],
    /--allow-removing-attachments applies only with --content or --content-file/,
  );
  add(['docs', 'list', '--internal', '--client-visible'], /--internal and --client-visible cannot be used together/);
  add(
    ['docs', 'create', '--title', 'T', '--project', '31', '--internal', '--client-visible'],
    /--internal and --client-visible cannot be used together/,
  );
  add(
    ['docs', 'update', UUID, '--content', 'a', '--content-file', '-'],
    /--content and --content-file cannot be used together/,
  );
  add(
    ['docs', 'update', UUID, '--title', 'T', '--allow-removing-attachments'],
    /--allow-removing-attachments applies only with --content or --content-file/,
  );
  add(['steps', 'list', '--all', '--limit', '5'], /--all and --limit cannot be used together/);
  add(['milestones', 'list', '--all', '--limit', '1'], /--all and --limit cannot be used together/);
  add(['tags', 'set', '101', 'urgent', '--clear'], /<tag> and --clear cannot be used together; choose one/);
  add(['api', '/steps', '--paginate', '-X', 'POST'], /--paginate works only with GET/);
  add(['api', '/steps', '-i', '--paginate'], /--include and --paginate cannot be used together; choose one/);
  add(
    ['api', '/steps', '-X', 'POST', '--input', '-', '-f', 'title=x'],
    /--input cannot be combined with -f\/-F body fields/,
    { stdin: '{}' },
  );
  add(['auth', 'login', '--with-token', '--web'], /--with-token and --web cannot be used together; choose one/);
  add(['auth', 'login', '--no-browser'], /--no-browser applies only with --web/);

  // Limits and counts.
  for (const limit of ['0', '-1', '2.5', 'ten', ''])
    add(['steps', 'list', '--limit', limit], /--limit must be a whole number of 1 or more/);
  add(['docs', 'list', '--limit', '1e9'], /--limit must be a whole number of 1 or more/);
  add(['webhooks', 'list', '--limit', '-30'], /--limit must be a whole number of 1 or more/);
  for (const timeout of ['0', '-5', 'abc', '99999', ''])
    add(
      ['--timeout', timeout, 'steps', 'list'],
      /--timeout must be a number of seconds greater than 0 and at most 3600/,
    );

  // Titles: empty, blank, too long.
  add(['steps', 'create', '--phase', '41', '--title', ''], /--title must not be empty/);
  add(['steps', 'update', '101', '--title', '   '], /--title must not be empty/);
  add(['docs', 'create', '--project', '31', '--title', ''], /--title must not be empty/);
  add(['docs', 'update', UUID, '--title', '\t'], /--title must not be empty/);
  add(
    ['milestones', 'create', '--project', '31', '--title', LONG_TITLE, '--due', '2026-01-01'],
    /--title must be at most 255 characters, got 256/,
  );
  add(['milestones', 'update', '71', '--title', LONG_TITLE], /--title must be at most 255 characters, got 256/);
  add(['milestones', 'update', '71', '--title', '🚀'.repeat(256)], /--title must be at most 255 characters, got 256/);
  add(['milestones', 'create', '--project', '31', '--title', ' ', '--due', '2026-01-01'], /--title must not be empty/);

  // Colours.
  for (const colour of BAD_COLOURS)
    add(
      ['milestones', 'create', '--project', '31', '--title', 'T', '--due', '2026-01-01', '--color', colour],
      COLOUR_FORM,
    );
  add(['milestones', 'update', '71', '--color', 'blue'], COLOUR_FORM);

  // URLs and event types.
  for (const url of BAD_URLS)
    add(
      ['webhooks', 'create', '--url', url, '--event', 'task.created', '--company', '1'],
      /--url must (be a URL starting with http:\/\/ or https:\/\/|not contain credentials)/,
    );
  add(
    ['webhooks', 'update', '92', '--url', 'mailto:ops@example.com'],
    /--url must be a URL starting with http:\/\/ or https:\/\//,
  );
  add(
    ['webhooks', 'trigger', 'task.created', '--to', 'localhost:8787', '--secret', 'abcdefgh'],
    /--to must be a URL starting with http:\/\/ or https:\/\/, got "localhost:8787" \(did you mean "http:\/\/localhost:8787"\?\)/,
  );
  add(
    ['webhooks', 'listen', '--forward-to', 'notaurl'],
    /--forward-to must be a URL starting with http:\/\/ or https:\/\//,
  );
  add(
    ['webhooks', 'create', '--url', 'https://example.com/h', '--event', '', '--company', '1'],
    /--event must be one of/,
  );

  // Tags: too many, empty names.
  add(['tags', 'set', '101', ...TAGS_101], /tags set takes at most 100 tags per request, got 101/);
  add(['tags', 'add', '101', ''], /a tag name must not be empty \(use name:<text>, or digits for an id\)/);
  add(['tags', 'add', '101', 'name:'], /a tag name must not be empty/);
  add(['tags', 'set', '101', 'urgent', '   '], /a tag name must not be empty/);

  // Content files: missing, a directory, binary, not UTF-8; stdin binary.
  add(
    ['steps', 'create', '--phase', '41', '--title', 'T', '--content-file', 'MISSING'],
    /--content-file: cannot read .*: no such file/,
  );
  add(['steps', 'update', '101', '--content-file', 'DIR'], /--content-file: cannot read .*: is a directory/);
  add(
    ['steps', 'create', '--phase', '41', '--title', 'T', '--content-file', 'BINARY'],
    /--content-file: .* is binary \(NUL bytes\); expected UTF-8 text/,
  );
  add(
    ['docs', 'create', '--project', '31', '--title', 'T', '--content-file', 'LATIN1'],
    /--content-file: .* is not valid UTF-8 text/,
  );
  add(['docs', 'update', UUID, '--content-file', 'MISSING'], /--content-file: cannot read .*: no such file/);
  add(
    ['docs', 'create', '--project', '31', '--title', 'T', '--content-file', '-'],
    /--content-file: standard input is binary/,
    { stdin: Buffer.from([0x41, 0x00, 0x42]) },
  );
  add(['steps', 'update', '101', '--content-file', '-'], /--content-file: standard input is not valid UTF-8 text/, {
    stdin: Buffer.from([0xc3, 0x28]),
  });
  add(['api', '/steps', '-X', 'POST', '--input', 'MISSING'], /--input: cannot read .*: no such file/);
  add(['api', '/steps', '-X', 'POST', '--input', 'BINARY'], /--input: .* is binary/);
  add(
    ['webhooks', 'verify', '--secret', 'abcdefgh', '--signature', 'ab', '--file', 'MISSING'],
    /--file: cannot read .*: no such file/,
  );
  add(
    ['webhooks', 'trigger', 'task.created', '--to', 'http://127.0.0.1:9/', '--secret', 'abcdefgh', '--file', 'DIR'],
    /--file: cannot read .*: is a directory/,
  );
  add(['webhooks', 'listen', '--secret-file', 'MISSING'], /--secret-file: cannot read .*: no such file/);
  add(
    ['webhooks', 'verify', '--secret-file', 'DIR', '--signature', 'ab'],
    /--secret-file: cannot read .*: is a directory/,
  );
  add(
    ['webhooks', 'trigger', 'task.created', '--to', 'http://127.0.0.1:9/', '--secret-file', 'BINARY'],
    /--secret-file: .* is binary \(NUL bytes\); expected UTF-8 text/,
  );
  add(
    ['docs', 'create', '--project', '31', '--title', 'T', '--content', ':::callout{color="mint"}\nNever closed'],
    /--content: line 1: .*; --no-verify sends it unchecked/,
  );

  // Empty or garbage standard input for `-`.
  add(['steps', 'reopen', '-'], /<id> \(stdin item 1\) must be a positive integer id/, { stdin: 'abc\n' });
  add(['steps', 'complete', '-'], /<id> \(stdin item 2\) must be a positive integer id/, { stdin: '101\n-4\n' });
  add(['steps', 'complete', '-'], /<id> \(stdin line 1\): expected an id or an object with an "id" field/, {
    stdin: '{"title":"no id"}\n',
  });
  add(['steps', 'complete', '-'], /stdin line 2 is not a JSON object/, { stdin: '{"id":101}\n{"id":\n' });
  add(['steps', 'complete', '-'], /standard input starts with '\[' but is not a JSON array/, { stdin: '[101, 102' });
  add(['steps', 'delete', '-', '--yes'], /<id> \(stdin item 1\) must be a positive integer id/, {
    stdin: '[{"id":"x"}]',
  });
  add(['steps', 'complete', '-', '101'], /'-' \(read from standard input\) cannot be combined with other ids/);
  add(['docs', 'delete', '-', '--yes'], /<uuid> \(stdin item 1\) must be a document UUID/, {
    stdin: '{"uuid":"nope"}\n',
  });
  add(['auth', 'login', '--with-token'], /--with-token: no token given; expected one line holding the token/, {
    stdin: '',
  });
  add(['auth', 'login', '--with-token'], /--with-token: expected one line holding the token, got 2 lines/, {
    stdin: 'one\ntwo',
  });

  // The raw api command.
  add(['api', '/steps', '-f', 'noequals'], /-f takes key=value, got "noequals"/);
  add(['api', '/steps', '-f', '=value'], /-f takes key=value/);
  add(
    ['api', '/steps/101', '-X', 'PUT', '-F', 'content=@/nonexistent/pwctl-body.md'],
    /-F content: cannot read "\/nonexistent\/pwctl-body.md": no such file/,
  );
  add(['api', '/steps', '-H', 'no colon here'], /-H takes 'Name: value'/);
  add(['api', '/steps', '-H', 'Bad Name: v'], /-H takes 'Name: value'/);
  add(['api', '::::'], /<path> must be an endpoint path such as \/api\/v1\/steps/);

  // --fields against the record's fields.
  add(['--fields', 'nosuch', 'steps', 'list'], /--fields: unknown field "nosuch"; valid fields: id, title/);
  add(['--fields', '', 'milestones', 'get', '71'], /--fields must name at least one field/);
  add(['--fields', 'id,secret', 'webhooks', 'list'], /--fields: unknown field "secret"/);

  // config values.
  add(['config', 'set', 'output', 'xml'], /output must be one of table, json, yaml, ndjson, csv; got "xml"/);
  add(['config', 'set', 'company', 'acme'], /company must be a positive integer id/);
  add(['config', 'set', 'company', '0'], /company must be a positive integer id/);
  add(['config', 'set', 'timeout', '0'], /timeout must be a number of seconds greater than 0/);
  add(['config', 'set', 'timeout', '1h'], /timeout must be a number of seconds/);
  add(
    ['config', 'set', 'base_url', 'example.com'],
    /base_url must be a URL starting with http:\/\/ or https:\/\/, got "example.com" \(did you mean "https:\/\/example.com"\?\)/,
  );
  add(
    ['config', 'set', 'base_url', 'file:///etc/passwd'],
    /base_url must be a URL starting with http:\/\/ or https:\/\//,
  );
  add(
    ['config', 'set', 'oauth_token_url', 'ftp://example.com/token'],
    /oauth_token_url must be a URL starting with http:\/\/ or https:\/\//,
  );
  add(['config', 'set', 'oauth_client_id', ' '], /oauth_client_id must not be empty/);
  add(['config', 'set', 'completion_cache', 'maybe'], /completion_cache must be true or false/);
  add(['config', 'set', 'token', 'sekrit-value'], /token is not a config key; use `pwctl auth login --with-token`/);
  add(['config', 'set', 'colour', 'blue'], /unknown config key "colour"; valid keys: base_url, output/);
  add(['config', 'get', 'nosuch'], /unknown config key "nosuch"/);
  add(['config', 'unset', 'refresh_token'], /refresh_token is not a config key/);

  // Listener and sandbox server flags (rejected before binding a port).
  add(['webhooks', 'listen', '--port', 'abc'], /--port must be a port number from 0 to 65535/);
  add(['webhooks', 'listen', '--port', '70000'], /--port must be a port number from 0 to 65535/);
  add(['webhooks', 'listen', '--path', 'hooks'], /--path must start with \//);
  add(['webhooks', 'listen', '--max-body', '0'], /--max-body must be a whole number of 1 or more/);
  add(['webhooks', 'listen', '--read-timeout', '0'], /--read-timeout must be a number of seconds/);
  add(['webhooks', 'listen', '--secret', ''], /--secret must not be empty/);
  add(['sandbox', 'serve', '--port', 'http'], /--port must be a port number from 0 to 65535/);
  add(['sandbox', 'serve', '--rate-limit', '0'], /--rate-limit must be a whole number of 1 or more/);
  add(['sandbox', 'serve', '--rate-window', 'forever'], /--rate-window must be a number of seconds/);
  add(['sandbox', 'serve', '--extra-steps', '-1'], /--extra-steps must be a whole number from 1 to 1000000/);

  // Unknown commands, options and extra arguments.
  add(['steps', 'lst'], /unknown command 'lst' \(did you mean list\?\)/);
  add(['steps', 'get', '101', '--inclde', 'tags'], /unknown option '--inclde' \(did you mean --include\?\)/);
  add(['step', 'list'], /unknown command 'step'/);
  add(['steps', 'get', '101', '--bogus'], /unknown option '--bogus'/);
  add(
    ['steps', 'get', '101', '102'],
    /unexpected argument "102": pwctl steps get takes only <id>; usage: pwctl steps get \[options\] <id>/,
  );
  add(['auth', 'login', '--token', 'abc'], /unknown option '--token'/);

  return cases;
}

/** Placeholders for the files made in beforeAll (the corpus is built before they exist). */
function resolveFiles(args: string[]): string[] {
  const map: Record<string, string> = {
    MISSING: files.missing,
    DIR: files.dir,
    BINARY: files.binary,
    LATIN1: files.badUtf8,
  };
  return args.map((a) => map[a] ?? a);
}

describe('bad-input corpus', () => {
  it('has at least 150 cases across every noun', () => {
    const cases = corpus();
    if (process.env.RELIABILITY_REPORT) console.log(JSON.stringify({ corpus: cases.length }));
    expect(cases.length).toBeGreaterThanOrEqual(150);
    const nouns = new Set(cases.map((c) => c.args.find((a) => !a.startsWith('-') && !/^[A-Z]/.test(a))));
    for (const noun of [
      'docs',
      'steps',
      'tags',
      'milestones',
      'webhooks',
      'auth',
      'config',
      'api',
      'sandbox',
      'completion',
    ])
      expect(nouns).toContain(noun);
  });

  it('refuses every case with exit 2, one error line naming the flag and form, and no request', async () => {
    const cases = corpus();
    const before = sb.requests.length;
    const failures: string[] = [];
    await inBatches(cases, 6, async (c) => {
      const args = resolveFiles(c.args);
      const result = await runInProcess(args, { env: { ...sandboxEnv(sb), ...c.env }, stdin: c.stdin });
      try {
        expectUsageError(
          result,
          c.says,
          `pwctl ${args
            .map((a) => JSON.stringify(a))
            .join(' ')
            .slice(0, 200)}`,
        );
      } catch (error) {
        failures.push((error as Error).message.split('\n').slice(0, 6).join('\n'));
      }
    });
    expect(failures, failures.join('\n\n')).toEqual([]);
    const sent = sb.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(sent).toEqual([]);
    // Close to 300 CLI runs: give a loaded machine room.
  }, 180_000);
});
