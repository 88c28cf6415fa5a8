// Property-based argv fuzz: whatever a user (or a script gone wrong) types, pwctl ends
// within 10 s with one of the contract's exit codes and never shows a stack trace.
// Fixed seed and a bounded number of runs, so the suite is deterministic.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { CANARY_TOKEN, runInProcess } from '../helpers/cli.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { CONTRACT_EXIT_CODES, STACK_FRAME } from './support.js';

const SEED = 20_251_010;
const RUNS = 80;

// `webhooks listen` and `sandbox serve` run until stopped, and `auth login --web` opens a
// browser: by design they are not one-shot commands, so the fuzz never names them.
const NOUNS = [
  'docs',
  'steps',
  'tasks',
  'tags',
  'milestones',
  'webhooks',
  'auth',
  'config',
  'api',
  'completion',
  'sandbox',
  'help',
];
const VERBS = [
  'list',
  'get',
  'create',
  'update',
  'delete',
  'complete',
  'reopen',
  'move',
  'reorder',
  'edit',
  'add',
  'set',
  'remove',
  'pause',
  'resume',
  'verify',
  'trigger',
  'login',
  'status',
  'token',
  'logout',
  'path',
  'unset',
  'reset',
  'bash',
  'zsh',
  'fish',
  'exit-codes',
  'environment',
  'formatting',
];
const FLAGS = [
  '--title',
  '--phase',
  '--due',
  '--content',
  '--content-file',
  '--company',
  '--project',
  '--client',
  '--internal',
  '--client-visible',
  '--limit',
  '--all',
  '--include',
  '--completed',
  '--open',
  '--has-due-date',
  '--no-due-date',
  '--published',
  '--draft',
  '--approval',
  '--no-approval',
  '--first',
  '--last',
  '--after',
  '--approve',
  '--reject',
  '--yes',
  '-y',
  '--color',
  '--description',
  '--url',
  '--event',
  '--active',
  '--secret',
  '--signature',
  '--file',
  '--to',
  '-X',
  '-f',
  '-F',
  '-H',
  '--input',
  '--paginate',
  '--clear',
  '--no-create',
  '--edit-access',
  '--allow-removing-attachments',
  '--fields',
  '-o',
  '--output',
  '--quiet',
  '-q',
  '--debug',
  '--dry-run',
  '--timeout',
  '--profile',
  '--no-color',
  '--with-token',
  '--no-browser',
  '--help',
  '-h',
  '--version',
  '--',
];
const VALUES = [
  '101',
  '108',
  '71',
  '41',
  '31',
  '1',
  '0',
  '-1',
  '1.5',
  '99999999999999999999',
  'abc',
  '',
  ' ',
  '-',
  'none',
  '2026-01-01',
  '2025-02-30',
  '5eed0000-0000-4000-8000-000000000081',
  'not-a-uuid',
  '#fff',
  'red',
  'x'.repeat(300),
  'json',
  'ndjson',
  'yaml',
  'table',
  'xml',
  'content,tags',
  'task.created',
  'http://127.0.0.1:9/hook',
  'notaurl',
  '\u001b]0;pwned\u0007',
  '\u009b31m',
  'ünïcödé',
  '😀',
  'a=b',
  'completed=true',
  'Accept: text/html',
  '/steps',
  '/api/v1/milestones?per_page=2',
  'name:2024',
  'id:5',
  '=',
  '--title=x',
  '-ojson',
  'true',
  'false',
  'collaborative',
];

/** Node refuses NUL in argv; everything else goes. */
const anyString = fc.string({ unit: 'grapheme', maxLength: 24 }).filter((s) => !s.includes('\0'));
const token = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FLAGS) },
  { weight: 3, arbitrary: fc.constantFrom(...VALUES) },
  { weight: 1, arbitrary: fc.constantFrom(...VERBS) },
  { weight: 1, arbitrary: anyString },
);
const UUID = '5eed0000-0000-4000-8000-000000000081';
const HOOK = 'http://127.0.0.1:9/h';
/**
 * Each real command: the arguments it needs (left out now and then), and well-formed optional
 * pieces, so that runs get past the parser into the verbs' own checks and the service.
 */
const COMMANDS: Record<string, { needs: string[]; pieces: string[][] }> = {
  'docs list': {
    needs: [],
    pieces: [
      ['--limit', '2'],
      ['--all'],
      ['--project', '31'],
      ['--company', '2'],
      ['--internal'],
      ['--client-visible'],
      ['--content'],
    ],
  },
  'docs get': { needs: [UUID], pieces: [['--content'], ['5eed0000-0000-4000-8000-000000000086']] },
  'docs create': {
    needs: ['--title', 'Fuzzed', '--project', '31'],
    pieces: [['--content', '# f'], ['--content-file', '-'], ['--client-visible'], ['--company', '2']],
  },
  'docs update': {
    needs: [UUID],
    pieces: [
      ['--title', 'Fuzzed'],
      ['--content', '# f'],
      ['--edit-access', 'collaborative'],
      ['--client-visible'],
      ['--content', ''],
    ],
  },
  'docs delete': { needs: [UUID], pieces: [['5eed0000-0000-4000-8000-000000000099']] },
  'docs edit': { needs: [UUID], pieces: [] },
  'steps list': {
    needs: [],
    pieces: [
      ['--limit', '2'],
      ['--all'],
      ['--completed'],
      ['--open'],
      ['--include', 'content,tags'],
      ['--company', '1'],
      ['--company', '2'],
      ['--no-due-date'],
    ],
  },
  'steps get': {
    needs: ['101'],
    pieces: [
      ['--include', 'tags'],
      ['--include', 'content'],
    ],
  },
  'steps create': {
    needs: ['--phase', '41', '--title', 'Fuzzed'],
    pieces: [['--due', '2026-01-01'], ['--approval'], ['--draft'], ['--content-file', '-'], ['--completed']],
  },
  'steps update': {
    needs: ['101'],
    pieces: [['--title', 'Fuzzed'], ['--due', 'none'], ['--phase', '43'], ['--phase', '48'], ['--published']],
  },
  'steps complete': { needs: ['101'], pieces: [['108'], ['--approve'], ['9999'], ['131']] },
  'tasks reopen': { needs: ['102'], pieces: [['104'], ['9999']] },
  'steps move': {
    needs: ['101'],
    pieces: [
      ['--phase', '43'],
      ['--phase', '48'],
    ],
  },
  'steps reorder': { needs: ['101'], pieces: [['--first'], ['--after', '102'], ['--after', '118']] },
  'steps delete': { needs: ['103'], pieces: [['131']] },
  'tags list': { needs: ['101'], pieces: [] },
  'tags add': { needs: ['101', 'urgent'], pieces: [['63'], ['name:2024'], ['--no-create'], ['66'], ['69']] },
  'tags set': { needs: ['101'], pieces: [['urgent'], ['--clear'], ['66']] },
  'tags remove': { needs: ['112'], pieces: [['64'], ['66']] },
  'milestones list': {
    needs: [],
    pieces: [
      ['--project', '31'],
      ['--limit', '2'],
      ['--company', '2'],
    ],
  },
  'milestones get': { needs: ['71'], pieces: [] },
  'milestones create': {
    needs: ['--project', '31', '--title', 'Fuzzed', '--due', '2026-01-01'],
    pieces: [
      ['--color', '#0a0'],
      ['--description', 'd'],
    ],
  },
  'milestones update': {
    needs: ['71'],
    pieces: [
      ['--title', 'Fuzzed'],
      ['--color', '#0a0'],
      ['--description', 'd'],
    ],
  },
  'milestones delete': { needs: ['72'], pieces: [['75']] },
  'webhooks list': {
    needs: [],
    pieces: [
      ['--company', '1'],
      ['--company', '2'],
      ['--limit', '1'],
    ],
  },
  'webhooks get': { needs: ['91'], pieces: [] },
  'webhooks create': {
    needs: ['--url', HOOK, '--event', 'task.created'],
    pieces: [['--company', '1'], ['--company', '2'], ['--no-save-secret']],
  },
  'webhooks update': {
    needs: ['91'],
    pieces: [
      ['--active', 'false'],
      ['--url', HOOK],
    ],
  },
  'webhooks pause': { needs: ['92'], pieces: [] },
  'webhooks delete': { needs: ['92'], pieces: [] },
  'webhooks verify': { needs: ['--secret', 'fuzz-secret-value', '--signature', 'ab12'], pieces: [['--file', '-']] },
  'webhooks trigger': { needs: ['task.created', '--to', HOOK], pieces: [['--secret', 'fuzz-secret-value']] },
  'auth status': { needs: [], pieces: [['--all']] },
  'auth login': { needs: [], pieces: [['--with-token']] },
  'auth logout': { needs: [], pieces: [] },
  'config get': { needs: ['output'], pieces: [] },
  'config set': { needs: ['output', 'json'], pieces: [] },
  'config list': { needs: [], pieces: [] },
  api: {
    needs: ['/steps/101'],
    pieces: [['-X', 'DELETE'], ['--paginate'], ['-f', 'completed=true'], ['-F', 'title=1']],
  },
  completion: { needs: ['bash'], pieces: [] },
  help: { needs: [], pieces: [['exit-codes']] },
};
const GLOBAL_PIECES = [
  ['-o', 'json'],
  ['-o', 'ndjson'],
  ['-o', 'yaml'],
  ['--debug'],
  ['--yes'],
  ['--dry-run'],
  ['-q'],
  ['--fields', 'id,title'],
  ['--timeout', '2'],
];

const head = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...Object.keys(COMMANDS)).map((c) => c.split(' ')) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...NOUNS), fc.constantFrom(...VERBS)) },
  { weight: 1, arbitrary: fc.constant([] as string[]) },
);
const junk = fc.tuple(head, fc.array(token, { maxLength: 5 })).map(([command, rest]) => [...command, ...rest]);
const plausible = fc.constantFrom(...Object.keys(COMMANDS)).chain((command) => {
  const { needs, pieces } = COMMANDS[command]!;
  return fc
    .tuple(fc.integer({ min: 0, max: 9 }), fc.shuffledSubarray([...pieces, ...GLOBAL_PIECES], { maxLength: 4 }))
    .map(([roll, extra]) => [...command.split(' '), ...(roll === 0 ? [] : needs), ...extra.flat()]);
});
const argv = fc.oneof({ weight: 1, arbitrary: junk }, { weight: 2, arbitrary: plausible });
const stdin = fc.constantFrom('', '101\n', '{"id":102}\n', '[71]', 'garbage\u0000bytes', '# body\n');

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
  // The canary token is accepted as the manager, so fuzzed runs that reach the service
  // (with --debug, errors and all) also prove it is never printed.
  sb.state.auth.access_tokens[CANARY_TOKEN] = { user_id: 1, expires_at: null };
});
afterAll(() => sb.close());

describe('argv fuzz', () => {
  it(`${RUNS} generated command lines end in time with a contract exit code and no stack trace`, async () => {
    let ran = 0;
    const codes: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(argv, stdin, async (args, input) => {
        const result = await runInProcess(args, {
          env: { PWCTL_BASE_URL: sb.baseUrl, PWCTL_TOKEN: CANARY_TOKEN, PWCTL_OAUTH_TIMEOUT: '2', PWCTL_TIMEOUT: '3' },
          stdin: input,
          timeoutMs: 10_000,
        });
        ran++;
        codes[String(result.code)] = (codes[String(result.code)] ?? 0) + 1;
        const where = `pwctl ${JSON.stringify(args)}\nstderr: ${result.stderr.slice(0, 400)}`;
        expect(result.signal, where).toBeNull();
        expect(CONTRACT_EXIT_CODES, where).toContain(result.code);
        if (!args.includes('--debug')) {
          expect(result.stderr, where).not.toMatch(STACK_FRAME);
          expect(result.stdout, where).not.toMatch(STACK_FRAME);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    if (process.env.RELIABILITY_REPORT) console.log(JSON.stringify({ fuzzExitCodes: codes }));
    expect(ran).toBeGreaterThanOrEqual(RUNS);
  }, 120_000);
});
