// --jq end to end: jq's own semantics on every command that prints JSON (lists as one array,
// records bare, tag results, bulk results, `api`), per record with -o ndjson, printed as
// `jq -r` prints; an expression that does not compile exits 2 before any request, while a
// runtime error on some input is exit 1 after the output before it.
import { describe, expect, it } from 'vitest';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;

describe('--jq', () => {
  it('runs once on a whole list (one array) and prints like jq -r: strings raw, other values compact', async () => {
    const json = JSON.parse((await pw(['steps', 'list', '--all', '-o', 'json'])).stdout) as Array<{
      id: number;
      title: string;
    }>;
    const r = await pw(['steps', 'list', '--all', '--jq', 'length, .[0].title, (.[0] | {id})']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${json.length}\n${json[0]!.title}\n{"id":${json[0]!.id}}\n`);
    expect(r.stderr).toBe('');
  });

  it('with -o ndjson runs once per record as they stream', async () => {
    const r = await pw([
      'steps',
      'list',
      '--limit',
      '3',
      '-o',
      'ndjson',
      '--jq',
      '[.id, (.assignees | length)] | @csv',
    ]);
    expect(r.stdout).toBe('101,1\n102,1\n103,1\n');
  });

  it('a single record is the bare record; --fields applies before the filter', async () => {
    expect((await pw(['steps', 'get', '101', '--jq', '.phase.title'])).stdout).toBe('Discovery\n');
    expect((await pw(['milestones', 'get', '72', '--fields', 'title', '--jq', 'keys'])).stdout).toBe('["title"]\n');
  });

  it('works on tag results, bulk results and api responses', async () => {
    expect((await pw(['tags', 'list', '107', '--jq', '.data | map(.name) | join(",")'])).stdout).toBe(
      'design,urgent\n',
    );
    const bulk = await pw(['steps', 'complete', '103', '104', '--jq', '.[] | "\\(.id) \\(.ok)"']);
    expect(bulk.code).toBe(0);
    expect(bulk.stdout).toBe('103 true\n104 true\n');
    expect((await pw(['api', '/steps/101', '--jq', '.data.id'])).stdout).toBe('101\n');
    expect((await pw(['api', '/milestones', '--paginate', '--jq', 'map(.id) | first'])).stdout).toBe('71\n');
  });

  it('an expression that does not compile exits 2 before any request', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['steps', 'list', '--jq', '.[] | .title |'], /^error: --jq: syntax error, unexpected end of file/],
      [['steps', 'get', '101', '--jq', 'nosuch(1)'], /^error: --jq: nosuch\/1 is not defined at line 1, column 1$/],
      [['api', '/steps', '--jq', '$nope'], /^error: --jq: \$nope is not defined/],
    ];
    for (const [args, pattern] of cases) {
      const r = await pw(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      const [line, json] = r.stderr.trimEnd().split('\n');
      expect(line).toMatch(pattern);
      // --jq implies -o json, so the JSON error line follows.
      expect(JSON.parse(json!)).toMatchObject({ error: { status: null, code: 2 } });
    }
    expect(cli.sent('/api/v1/')).toEqual([]);
  });

  it('a runtime error on the data is not a compile error: exit 1 after the output that came first', async () => {
    const r = await pw([
      'steps',
      'list',
      '--limit',
      '2',
      '-o',
      'ndjson',
      '--jq',
      'if .id == 102 then .title + 1 else .id end',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('101\n');
    expect(r.stderr).toMatch(/^error: --jq: string \("Collect br.*\) and number \(1\) cannot be added/);
    expect(cli.sent('/api/v1/steps', 'GET')).toHaveLength(1);
  });

  it('implies -o json without -o (whatever PWCTL_OUTPUT says), and refuses table, yaml and csv', async () => {
    const count = (JSON.parse((await pw(['milestones', 'list', '-o', 'json'])).stdout) as unknown[]).length;
    const r = await pw(['milestones', 'list', '--jq', 'length'], { env: { PWCTL_OUTPUT: 'table' } });
    expect(r.stdout).toBe(`${count}\n`);
    cli.mark();
    for (const format of ['table', 'yaml', 'csv']) {
      cli.expectUsageError(
        await pw(['milestones', 'list', '-o', format, '--jq', '.']),
        new RegExp(`--jq filters JSON: use it with -o json or -o ndjson \\(or no -o\\), not -o ${format}`),
      );
    }
  });

  it('with -o json, a failed command still writes the JSON error line', async () => {
    const r = await pw(['steps', 'get', '99999', '--jq', '.id']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[1]).toMatch(/^\{"error":\{"status":404,"code":3,/);
  });
});
