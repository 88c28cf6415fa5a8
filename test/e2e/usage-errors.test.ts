// Usage errors a new user meets, told the contract's way: one `error:` line naming the flag
// or argument, what it accepts and the usage; exit 2; no request made. Commander's own
// wording never shows.
import { describe, expect, it } from 'vitest';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli();
const pw = cli.pw;

describe('contradictory or out-of-contract values are refused before any request', () => {
  it('steps update --approval --no-approval, in either order', async () => {
    cli.expectUsageError(
      await pw(['steps', 'update', '101', '--approval', '--no-approval']),
      /^error: --approval and --no-approval cannot be used together; choose one$/,
    );
    cli.expectUsageError(
      await pw(['steps', 'update', '101', '--no-approval', '--approval']),
      /--no-approval and --approval cannot be used together/,
    );
    // Either one alone still works.
    expect((await pw(['steps', 'update', '101', '--no-approval'])).code).toBe(0);
    expect(cli.sent('/api/v1/steps/101', 'PUT')[0]!.body).toEqual({ is_approval: false });
  });

  it('webhooks update --active takes exactly true or false', async () => {
    for (const value of ['yes', 'on', '1', 'TRUE']) {
      cli.expectUsageError(
        await pw(['webhooks', 'update', '92', '--active', value]),
        new RegExp(`^error: --active must be true or false, got "${value}"$`),
      );
    }
  });
});

describe('argument-count and missing-value errors name the usage', () => {
  it('an argument a verb does not take, with the flag that reads standard input', async () => {
    const r = await pw(['webhooks', 'verify', '--secret', 'abcdefgh', '--signature', 'ab', '-']);
    cli.expectUsageError(
      r,
      /^error: unexpected argument "-": pwctl webhooks verify takes no arguments \(standard input is read with --file -\); usage: pwctl webhooks verify \[options\]$/,
    );
    expect(r.stderr).not.toMatch(/Expected \d+ argument/);
  });

  it('-0 for -o is an unknown option, with the look-alike suggested', async () => {
    cli.expectUsageError(
      await pw(['steps', 'list', '-0', 'json']),
      /^error: unknown option '-0' \(did you mean -o\?\); usage: pwctl steps list \[options\]$/,
    );
  });

  it('one argument too many, a missing argument, a flag without its value, a missing required flag', async () => {
    cli.expectUsageError(
      await pw(['steps', 'get', '101', '102']),
      /^error: unexpected argument "102": pwctl steps get takes only <id>; usage: pwctl steps get \[options\] <id>$/,
    );
    cli.expectUsageError(await pw(['tasks', 'get']), /^error: missing <id>; usage: pwctl steps get \[options\] <id>$/);
    cli.expectUsageError(await pw(['steps', 'list', '--limit']), /^error: --limit needs a value: --limit <n>$/);
    cli.expectUsageError(
      await pw(['webhooks', 'create', '--url', 'https://example.com/h']),
      /^error: --event <type> is required: event type, e.g. task.completed$/,
    );
  });

  it('a value outside a fixed set reads like every other enum error', async () => {
    cli.expectUsageError(
      await pw(['steps', 'list', '-o', 'xml']),
      /^error: -o\/--output must be one of table, json, yaml, ndjson, csv; got "xml"$/,
    );
    cli.expectUsageError(
      await pw(['completion', 'tcsh']),
      /^error: <shell> must be one of bash, zsh, fish; got "tcsh"$/,
    );
  });

  it('with -o json the JSON error line carries the same message and exit code', async () => {
    const r = await pw(['steps', 'get', '1', '2', '-o', 'json']);
    expect(r.code).toBe(2);
    const [human, json] = r.stderr.trim().split('\n');
    expect(JSON.parse(json!)).toEqual({ error: { status: null, code: 2, message: human!.replace(/^error: /, '') } });
  });
});

describe('validation wording fits the flag', () => {
  it('--base-url without a scheme suggests the URL that was meant, not a webhook URL', async () => {
    const r = await pw(['--base-url', '127.0.0.1:9', 'steps', 'list']);
    cli.expectUsageError(
      r,
      /^error: --base-url must be a URL starting with http:\/\/ or https:\/\/, got "127\.0\.0\.1:9" \(did you mean "http:\/\/127\.0\.0\.1:9"\?\)$/,
    );
    expect(r.stderr).not.toContain('hooks');
    cli.expectUsageError(
      await pw(['--base-url', 'pw.example.com', 'steps', 'list']),
      /\(did you mean "https:\/\/pw\.example\.com"\?\)/,
    );
  });

  it('--limit 0 asks for a whole number of 1 or more, without a 16-digit bound', async () => {
    const r = await pw(['steps', 'list', '--limit', '0']);
    cli.expectUsageError(r, /^error: --limit must be a whole number of 1 or more, got "0"$/);
    expect(r.stderr).not.toContain('9007199254740991');
    cli.expectUsageError(
      await pw(['steps', 'get', '0']),
      /^error: <id> must be a positive integer id \(e\.g\. 42\), got "0"$/,
    );
  });
});
