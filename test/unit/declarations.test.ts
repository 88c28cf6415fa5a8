// Every command is one declaration, and everything a user sees is derived from it (issue 23):
// this walks every declared verb and fails when something that should follow from it is
// missing — an example, a run module, --dry-run or --yes in the help where the effects say
// so, a tool for a verb offered to agents, completion for an id — so nothing can be
// forgotten silently. docs/commands.md must be what the declarations make of it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commandReference } from '../../src/cli/reference.js';
import { buildProgram, COMMANDS } from '../../src/cli/program.js';
import { bind, lazyVerb, loadAll, namesOf, verb, verbBody, walkVerbs } from '../../src/commands/declare.js';
import { flag, nameOf } from '../../src/commands/flags.js';
import { allTools } from '../../src/mcp/catalog.js';
import { ROOT } from '../helpers/cli.js';
import { commandsOf } from '../helpers/example-lines.js';
import { CONTRACT_COMMANDS, CONTRACT_TOOLS } from '../helpers/contract.js';

const verbs = [...walkVerbs(await loadAll(COMMANDS))];
const TOOLS = await allTools();
const notRun = () => {
  throw new Error('not run');
};
const program = await buildProgram({ factory: notRun, io: notRun });

function commandAt(path: readonly string[]): Command {
  let command: Command = program;
  for (const name of path) command = command.commands.find((c) => c.name() === name)!;
  return command;
}

function helpOf(path: readonly string[]): string {
  let text = '';
  const command = commandAt(path);
  command.configureOutput({ writeOut: (s) => void (text += s), getOutHelpWidth: () => 200 });
  command.outputHelp();
  return text;
}

describe('every declared verb', () => {
  it('is found: the walk sees every noun of the contract', () => {
    const nouns = new Set(verbs.map((v) => v.path[0]));
    for (const noun of CONTRACT_COMMANDS.filter((n) => n !== 'help')) {
      expect(nouns, noun).toContain(noun);
    }
  });

  it.each(verbs.map((v) => [v.path.join(' '), v] as const))(
    '%s: examples that run it, a summary, flags that say what they are',
    (_name, { path, bound }) => {
      const { verb } = bound;
      expect(verb.summary.length).toBeGreaterThan(5);
      expect(verb.examples.length, 'at least one example').toBeGreaterThan(0);
      const names = namesOf(verb);
      for (const example of verb.examples) {
        // Some command of the example line (a pipeline's, or one inside $(…)) runs pwctl with this verb, by its name or an alias.
        const runs = commandsOf(example).filter((argv) => argv[0] === 'pwctl' && argv.includes(path[0]!));
        expect(
          runs.some((argv) => path.length === 1 || argv.some((w) => names.includes(w))),
          example,
        ).toBe(true);
      }
      for (const flag of Object.values(verb.flags)) expect(flag.help.length, nameOf(flag)).toBeGreaterThan(3);
    },
  );

  it('the verbs that read lists page by page say so, and only they: --max-pages applies to them (issue 34)', () => {
    const paging = verbs.filter((v) => v.bound.verb.effects.pages === true).map((v) => v.path.join(' '));
    // The list verbs through LIST_FLAGS, `api` through --paginate, the others by their effects.
    expect(paging.sort()).toEqual([
      'api',
      'docs diff',
      'docs list',
      'docs pull',
      'docs push',
      'export',
      'milestones list',
      'phases list',
      'projects list',
      'restore',
      'steps import',
      'steps list',
      'tags list',
      'webhooks list',
    ]);
  });

  it.each(verbs.map((v) => [v.path.join(' '), v] as const))('%s: its run module loads', async (_name, { bound }) => {
    expect(typeof (await bound.load())).toBe('function');
  });

  it.each(verbs.map((v) => [v.path.join(' '), v] as const))(
    '%s: its help offers --dry-run exactly when it writes, --yes exactly when it confirms, --max-pages exactly when it pages',
    (_name, { path, bound }) => {
      const help = helpOf(path);
      expect(/\n {2}--dry-run/.test(help), '--dry-run').toBe(bound.verb.effects.writes === true);
      expect(/\n {2}-y, --yes/.test(help), '--yes').toBe(bound.verb.effects.confirms === true);
      expect(/\n {2}--base-url/.test(help), 'connection options').toBe(bound.verb.effects.offline !== true);
      expect(/\n {2}--max-pages/.test(help), '--max-pages').toBe(bound.verb.effects.pages === true);
      expect(help).toMatch(/\nExamples:\n {2}\S/);
    },
  );

  it.each(verbs.map((v) => [v.path.join(' '), v] as const))(
    '%s: every id it takes completes from the id cache, every required value can be asked for',
    (_name, { bound }) => {
      for (const flag of Object.values(bound.verb.flags)) {
        if (flag.form.type === 'positional' && /^(id|step-id|uuid)$/.test(flag.form.name))
          expect(flag.complete?.ids, nameOf(flag)).toBeDefined();
        // A required value is picked from records, or typed (a text prompt checked by the flag).
        if (flag.required && flag.prompt?.kind === 'pick') expect(typeof flag.prompt.choices).toBe('function');
      }
    },
  );
});

describe('agents (MCP)', () => {
  it('every verb offered to agents has its tool, with each of its agent-visible flags in the schema', () => {
    const offered = verbs.filter((v) => v.bound.verb.mcp);
    expect(offered.length).toBeGreaterThan(20);
    for (const { path, bound } of offered) {
      const tool = TOOLS.find((t) => t.bound === bound);
      expect(tool, path.join(' ')).toBeDefined();
      const properties = (tool!.inputSchema as { properties: Record<string, unknown> }).properties;
      for (const flag of Object.values(bound.verb.flags))
        if (flag.api) expect(properties, `${tool!.name} ${flag.api.field}`).toHaveProperty(flag.api.field);
      expect(tool!.writes).toBe(bound.verb.effects.writes === true);
    }
  });

  it("the tools are the contract's, each once", () => {
    const names = TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of CONTRACT_TOOLS) {
      expect(names).toContain(name);
    }
  });
});

describe('a top-level verb', () => {
  it('is its head until a command line names it; loaded once, it is its module’s declaration under that head', async () => {
    let loads = 0;
    const body = verbBody({
      flags: () => ({ all: flag('--all', 'every one') }),
      examples: ['pwctl sweep --all'],
      effects: { writes: true },
    });
    const command = lazyVerb({ name: 'sweep', summary: 'a verb of this test' }, async () => {
      loads++;
      return bind(body, async () => ({ run: async () => {} }));
    });
    expect([command.kind, command.name, command.summary, loads]).toEqual(['lazy', 'sweep', 'a verb of this test', 0]);
    const [loaded, again] = await Promise.all([command.load(), command.load()]);
    expect(again).toBe(loaded);
    expect(loads).toBe(1);
    if (loaded.kind !== 'bound') throw new Error('not a verb');
    expect(loaded.verb).toMatchObject({ kind: 'verb', name: 'sweep', summary: 'a verb of this test' });
    expect(loaded.verb.examples).toEqual(['pwctl sweep --all']);
    expect(Object.keys(loaded.verb.flags)).toEqual(['all']);
    expect(loaded.verb.effects).toEqual({ writes: true });
  });
});

describe('docs/commands.md', () => {
  it('is what the declarations make of it (run `npm run docs` after changing a command)', async () => {
    expect(readFileSync(join(ROOT, 'docs', 'commands.md'), 'utf8')).toBe(await commandReference());
  });
});

describe('a command line builds only what it names', () => {
  it("a verb's flags are built the first time they are read, and once: declaring a noun's verbs builds none", () => {
    let builds = 0;
    const declared = verb({
      name: 'sweep',
      summary: 'a verb of this test',
      flags: () => {
        builds++;
        return { all: flag('--all', 'every one', { pages: true }) };
      },
      examples: ['pwctl sweep --all'],
      effects: { writes: true },
    });
    expect([declared.name, declared.summary, builds]).toEqual(['sweep', 'a verb of this test', 0]);
    expect(declared.effects).toEqual({ writes: true, pages: true });
    expect(Object.keys(declared.flags)).toEqual(['all']);
    expect(declared.flags).toBe(declared.flags);
    expect(builds).toBe(1);
  });

  it('`steps get 101`: the get verb in full; its siblings and the other nouns by name and summary only', async () => {
    const built = await buildProgram({ factory: notRun, io: notRun }, ['steps', 'get', '101', '-o', 'json']);
    const steps = built.commands.find((c) => c.name() === 'steps')!;
    const get = steps.commands.find((c) => c.name() === 'get')!;
    const list = steps.commands.find((c) => c.name() === 'list')!;
    expect(get.options.map((o) => o.long)).toContain('--include');
    expect(list.options).toEqual([]);
    expect(list.aliases()).toEqual(['ls']);
    expect(list.description()).toBe('list the tasks you can access');
    const docs = built.commands.find((c) => c.name() === 'docs')!;
    expect(docs.commands).toEqual([]);
    // A noun's help lists a stub as it lists a built verb: all its names, whether it has options, its arguments.
    const help = steps.helpInformation();
    expect(help).toMatch(/^ {2}get\|view\|show \[options\] <id> {2,}show one task$/m);
    expect(help).toMatch(/^ {2}complete \[options\] <id\.\.\.> {2,}mark tasks completed/m);
  });
});
