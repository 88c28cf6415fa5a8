// `pwctl help` as a reference for agents, packagers and people (issue 31): `--json` is the
// command tree and round-trips every declared verb and flag and every option the command line
// accepts; `--man` prints the committed manual pages; a guide topic is its docs/guide page laid
// out for a terminal, and `help topics` lists them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { CommandDoc, ProgramDoc, VerbDoc } from '../../src/cli/command-tree.js';
import { GLOBAL_OPTIONS } from '../../src/cli/global-options.js';
import { TOPICS } from '../../src/cli/help-topics.js';
import { buildProgram, COMMANDS } from '../../src/cli/program.js';
import { loadAll, walkVerbs } from '../../src/commands/declare.js';
import { nameOf } from '../../src/commands/flags.js';
import { baseEnv, makeConfigDir, ROOT, runInProcess } from '../helpers/cli.js';
import { hasPty, startInPty, visibleText } from '../helpers/pty.js';

const verbs = [...walkVerbs(await loadAll(COMMANDS))];

/** The prose lines of a laid-out page wider than `width`: none but a word that alone is wider (a command line is a code block). */
function overWidth(text: string, width: number): string[] {
  return text
    .split('\n')
    .filter((line) => line.length > width && !line.startsWith('  pwctl ') && /\S\s+\S/.test(line.trim()));
}

async function tree(): Promise<ProgramDoc & { helpTopics: Array<{ name: string; title: string }> }> {
  const r = await runInProcess(['help', '--json']);
  expect(r.code).toBe(0);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
}

function* nodes(commands: readonly CommandDoc[]): Generator<CommandDoc> {
  for (const c of commands) {
    yield c;
    if (c.kind === 'noun') yield* nodes(c.commands);
  }
}

describe('pwctl help --json', () => {
  it('holds every declared verb, with every flag: its names, kind, whether required, its default', async () => {
    const byPath = new Map([...nodes((await tree()).commands)].map((c) => [c.path, c]));
    for (const { path, bound } of verbs) {
      const doc = byPath.get(['pwctl', ...path].join(' ')) as VerbDoc | undefined;
      expect(doc?.kind, path.join(' ')).toBe('verb');
      expect(doc!.examples).toEqual(bound.verb.examples);
      const shown = Object.entries(bound.verb.flags).filter(([, flag]) => !flag.hidden);
      expect(doc!.flags.map((f) => f.key)).toEqual(shown.map(([key]) => key));
      for (const [key, flag] of shown) {
        const f = doc!.flags.find((d) => d.key === key)!;
        expect(f.required, `${path.join(' ')} ${key}`).toBe(flag.required);
        expect(f.names.join('/')).toContain(
          nameOf(flag)
            .split('/')[0]!
            .replace(/^<(.*)>$/, '$1'),
        );
        if (flag.defaultText !== undefined) expect(f.default).toBe(flag.defaultText);
        if (flag.api) expect(f.agentField).toBe(flag.api.field);
      }
    }
  });

  it('names every option the command line accepts, each under the verb it belongs to', async () => {
    const byPath = new Map([...nodes((await tree()).commands)].map((c) => [c.path, c]));
    const notRun = () => {
      throw new Error('not run');
    };
    const program = await buildProgram({ factory: notRun, io: notRun });
    const walk = function* (command: Command, path: string[]): Generator<[string, Command]> {
      for (const sub of command.commands) {
        if (sub.name() === 'help' && path.length === 0) continue;
        yield [['pwctl', ...path, sub.name()].join(' '), sub];
        yield* walk(sub, [...path, sub.name()]);
      }
    };
    let checked = 0;
    for (const [path, command] of walk(program, [])) {
      const doc = byPath.get(path);
      expect(doc, path).toBeDefined();
      if (doc!.kind !== 'verb') continue;
      const names = doc!.flags.flatMap((f) => f.names);
      for (const option of command.options.filter((o) => !o.hidden)) {
        if (option.long === '--help') continue;
        expect(names, `${path} ${option.long}`).toContain(option.long);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('says which global options each verb takes, the exit codes and the guide topics', async () => {
    const t = await tree();
    expect(t.globalOptions.map((o) => o.usage)).toEqual(GLOBAL_OPTIONS.filter((o) => !o.hidden).map((o) => o.flags));
    const byPath = new Map([...nodes(t.commands)].map((c) => [c.path, c]));
    const list = byPath.get('pwctl steps list') as VerbDoc;
    expect(list.globalOptions).toEqual(expect.arrayContaining(['--output', '--fields', '--max-pages']));
    expect(list.globalOptions).not.toContain('--dry-run');
    expect((byPath.get('pwctl steps delete') as VerbDoc).globalOptions).toEqual(
      expect.arrayContaining(['--dry-run', '--yes']),
    );
    expect(list.mcpTool).toEqual({ name: 'steps_list', writes: false });
    expect(t.exitCodes.find((e) => e.code === 8)?.meaning).toMatch(/^bulk verb/);
    expect(t.helpTopics.map((topic) => topic.name)).toEqual(Object.keys(TOPICS));
  });

  it('a command path prints that node; an unknown one is a usage error', async () => {
    const r = await runInProcess(['help', '--json', 'tasks', 'ls']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'verb', path: 'pwctl steps list', aliases: ['ls'] });
    const unknown = await runInProcess(['help', '--json', 'steps', 'lst']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^error: --json takes a command path.*"steps lst"/);
  });
});

describe('pwctl help --man', () => {
  it('prints the committed page of the program, and of a command', async () => {
    const root = await runInProcess(['help', '--man']);
    expect(root.code).toBe(0);
    expect(root.stdout).toBe(readFileSync(join(ROOT, 'man', 'pwctl.1'), 'utf8'));
    expect(root.stdout).toMatch(/^\.TH "PWCTL" "1"/m);
    const verb = await runInProcess(['help', '--man', 'steps', 'list']);
    expect(verb.stdout).toBe(readFileSync(join(ROOT, 'man', 'pwctl-steps-list.1'), 'utf8'));
    expect(verb.stdout).toMatch(/^\.SH OPTIONS\n\.TP\n\.B \\-\\-company <id>$/m);
  });

  it('refuses --json with --man, before anything else', async () => {
    const r = await runInProcess(['help', '--man', '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --json and --man cannot be used together: choose one\n');
  });
});

describe('guide topics', () => {
  it('help topics lists each page by its title', async () => {
    const r = await runInProcess(['help', 'topics']);
    expect(r.code).toBe(0);
    for (const name of Object.keys(TOPICS)) expect(r.stdout).toMatch(new RegExp(`^ {2}${name} +\\S`, 'm'));
  });

  it('a page is laid out as text: no Markdown marks, code and tables indented, prose within 80 columns', async () => {
    const r = await runInProcess(['help', 'formatting']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Output formats, fields, jq and lists');
    expect(r.stdout).not.toMatch(/^#|^\||^```|<!--/m);
    expect(r.stdout).toMatch(/^Fields: --fields$/m);
    expect(r.stdout).toMatch(/^ {2}table {3}columns for people/m);
    expect(r.stdout).toMatch(
      /^ {2}pwctl steps list --all -o csv --fields id,title,phase.title,assignees.name > tasks.csv$/m,
    );
    expect(overWidth(r.stdout, 80)).toEqual([]);
  });

  it('an unknown topic names the topics', async () => {
    const r = await runInProcess(['help', 'formating']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: no help for "formating"; topics: .*formatting.*\(pwctl help topics\)/);
  });

  it.skipIf(!hasPty)('on a terminal: filled to its width, headings in bold', async () => {
    const run = startInPty(['help', 'formatting'], { cols: 60, env: baseEnv(makeConfigDir()) });
    const { code, output } = await run.done;
    expect(code).toBe(0);
    expect(output).toContain('\u001b[1mFields: --fields\u001b[22m');
    const text = visibleText(output).replace(/\r/g, '');
    expect(overWidth(text, 60)).toEqual([]);
  });
});
