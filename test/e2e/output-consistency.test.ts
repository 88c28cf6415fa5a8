// What a new user sees of records: one time format with its zone in every table, one way of
// showing a company or project reference, timestamps untouched in json/yaml, a task's body
// alone with `--fields content`, bare `config get` values, and dry-runs in the format asked for.
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { makeConfigDir } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;

// India has had one offset all year since 1945, so the expected text never depends on a date.
const KOLKATA = { TZ: 'Asia/Kolkata' };

/** An API timestamp as tables show it in Asia/Kolkata (UTC+05:30): the date only when it is not today there. */
function inKolkata(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 330 * 60_000).toISOString();
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const time = `${shifted.slice(11, 16)} +05:30`;
  return shifted.slice(0, 10) === today ? time : `${shifted.slice(0, 10)} ${time}`;
}

/** `name:\tvalue` lines of a detail view in a pipe. */
function detail(stdout: string): Record<string, string> {
  return Object.fromEntries(
    stdout
      .trim()
      .split('\n')
      .map((line) => line.split(':\t') as [string, string]),
  );
}

// The local time zone is the process's (TZ): the runs that set it are the built CLI's.
describe('tables show every timestamp one way, in local time with the zone offset', () => {
  it('steps get, docs get, milestones get and webhooks create/get agree, and json keeps the API text', async () => {
    const step = JSON.parse((await pw(['steps', 'get', '101', '-o', 'json'])).stdout) as {
      created_at: string;
      updated_at: string;
    };
    const stepTable = detail((await cli.pwBin(['steps', 'get', '101'], { env: KOLKATA })).stdout);
    expect(stepTable.created).toBe(inKolkata(step.created_at));
    expect(stepTable.updated).toBe(inKolkata(step.updated_at));
    // A due date is a calendar day, never moved into another zone.
    expect(stepTable.due).toBe('2025-01-10');

    const milestone = JSON.parse((await pw(['milestones', 'get', '71', '-o', 'json'])).stdout) as {
      created_at: string;
    };
    expect(detail((await cli.pwBin(['milestones', 'get', '71'], { env: KOLKATA })).stdout).created).toBe(
      inKolkata(milestone.created_at),
    );

    const created = await cli.pwBin(
      ['webhooks', 'create', '--url', 'https://example.com/hooks', '--event', 'task.completed', '--company', '1'],
      { env: KOLKATA, configDir: makeConfigDir() },
    );
    expect(created.code).toBe(0);
    const id = detail(created.stdout).id!;
    const hook = JSON.parse((await pw(['webhooks', 'get', id, '-o', 'json'])).stdout) as {
      created_at: string;
      updated_at: string;
    };
    // json keeps the service's text exactly (fractional seconds, Z).
    expect(hook.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(detail(created.stdout).created).toBe(inKolkata(hook.created_at));
    const got = detail((await cli.pwBin(['webhooks', 'get', id], { env: KOLKATA })).stdout);
    expect(got.created).toBe(inKolkata(hook.created_at));
    expect(got.updated).toBe(inKolkata(hook.updated_at));
    const listed = (await cli.pwBin(['webhooks', 'list'], { env: KOLKATA })).stdout
      .split('\n')
      .find((l) => l.startsWith(`${id}\t`))!;
    expect(listed.split('\t').at(-1)).toBe(inKolkata(hook.created_at));
  });

  it('a timestamp at midnight UTC still shows its time and zone', async () => {
    const docs = JSON.parse((await pw(['docs', 'list', '-o', 'json'])).stdout) as {
      uuid: string;
      updated_at: string;
    }[];
    const midnight = docs.find((d) => /T00:00:00/.test(d.updated_at))!;
    const row = (await cli.pwBin(['docs', 'list'], { env: { TZ: 'UTC' } })).stdout
      .split('\n')
      .find((l) => l.startsWith(midnight.uuid))!;
    // UPDATED, then OWNER (the owning company).
    expect(row.split('\t').slice(-2)).toEqual([
      `${midnight.updated_at.slice(0, 10)} 00:00 +00:00`,
      'Northwind Studio (1)',
    ]);
  });
});

describe('tables show a company, project, client or phase reference as "Title (id)"', () => {
  it('in list rows and detail views alike', async () => {
    expect(detail((await pw(['steps', 'get', '101'])).stdout)).toMatchObject({
      project: 'Acme Website Redesign (31)',
      client: 'Acme Corp (11)',
      company: 'Northwind Studio (1)',
    });
    expect(detail((await pw(['milestones', 'get', '71'])).stdout)).toMatchObject({
      project: 'Acme Website Redesign (31)',
      company: 'Northwind Studio (1)',
    });
    const row = (await pw(['steps', 'list', '--limit', '1'])).stdout.trim().split('\t');
    expect(row.slice(4, 6)).toEqual(['Discovery (41)', 'Acme Website Redesign (31)']);
    const created = await pw([
      'webhooks',
      'create',
      '--url',
      'https://example.com/hooks',
      '--event',
      'task.created',
      '--company',
      '1',
      '--no-save-secret',
    ]);
    const id = detail(created.stdout).id!;
    expect(detail((await pw(['webhooks', 'get', id])).stdout).company).toBe('Northwind Studio (1)');
    expect((await pw(['webhooks', 'list'])).stdout).toContain(`\tNorthwind Studio (1)\t`);
  });
});

describe('--fields content prints a task body alone, as it does a document body', () => {
  it('byte for byte in a pipe, so `> file` gets the Markdown', async () => {
    const body = '# Brief\n\nLine one\n\tindented\n';
    expect((await pw(['steps', 'update', '101', '--content', body])).code).toBe(0);
    const r = await pw(['steps', 'get', '101', '--fields', 'content']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(body);
    const doc = await pw(['docs', 'get', '5eed0000-0000-4000-8000-000000000081', '--fields', 'content']);
    expect(doc.stdout).toBe(cli.sb.state.documents['5eed0000-0000-4000-8000-000000000081']!.content);
  });
});

describe('config get prints the bare value whatever the output setting', () => {
  it('after `config set output json`, and with -o yaml', async () => {
    const configDir = makeConfigDir();
    expect((await pw(['config', 'set', 'output', 'json'], { configDir })).code).toBe(0);
    expect((await pw(['config', 'set', 'base_url', 'https://pw.example.com'], { configDir })).code).toBe(0);
    const r = await pw(['config', 'get', 'base_url'], { configDir, env: { PWCTL_BASE_URL: undefined } });
    expect(r.stdout).toBe('https://pw.example.com\n');
    expect((await pw(['config', 'get', 'output', '-o', 'yaml'], { configDir })).stdout).toBe('json\n');
  });
});

describe('--dry-run follows -o', () => {
  it('-o yaml prints one YAML document per request, not JSON', async () => {
    const r = await pw(['steps', 'complete', '101', '102', '--dry-run', '-o', 'yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout.trimStart().startsWith('{')).toBe(false);
    const docs = parseAllDocuments(r.stdout).map((d) => d.toJS());
    expect(docs).toHaveLength(2);
    expect(docs[0]).toEqual({ dry_run: true, method: 'PUT', path: '/api/v1/steps/101', body: { completed: true } });
    expect(cli.sent('/api/v1/steps', 'PUT')).toEqual([]);
  });
});
