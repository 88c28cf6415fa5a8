// The completer's reading of a command line against the tree built from the real program:
// what it offers for each kind of word, and that the tree carries every enumerated value.
import { beforeEach, describe, expect, it } from 'vitest';
import { EDIT_ACCESS_VALUES, WEBHOOK_EVENTS } from '../../src/api/types.js';
import { STEP_INCLUDES } from '../../src/api/steps.js';
import { TOPICS } from '../../src/cli/help-topics.js';
import { completeWords, type Sources } from '../../src/completion/candidates.js';
import type { CachedId } from '../../src/completion/id-cache.js';
import type { IdKind } from '../../src/id-kinds.js';
import { buildCompletionTree, type CommandNode, type OptionNode } from '../../src/completion/tree.js';
import { CONFIG_KEY_NAMES } from '../../src/config/keys.js';
import { OUTPUT_FORMATS } from '../../src/output/formats.js';
import { buildProgram, COMMANDS } from '../../src/cli/program.js';
import { loadAll, walkVerbs } from '../../src/commands/declare.js';
import { nameOf } from '../../src/commands/flags.js';
import { CONTRACT_COMMANDS } from '../helpers/contract.js';

const nothingRuns = () => {
  throw new Error('nothing runs in these tests');
};
const program = await buildProgram({ factory: nothingRuns, io: nothingRuns });
const tree = buildCompletionTree(program, { helpTopics: Object.keys(TOPICS) });

const CACHE: Partial<Record<IdKind, CachedId[]>> = {
  steps: [
    { id: '101', title: 'Kickoff call with Acme' },
    { id: '102', title: 'Collect brand assets' },
    { id: '120', title: 'Approve positioning' },
  ],
  milestones: [{ id: '71', title: 'Design sign-off' }],
  docs: [{ id: '5eed0000-0000-4000-8000-000000000081', title: 'Project brief' }],
  webhooks: [{ id: '92', title: 'task.completed http://127.0.0.1:8787/' }],
};
let idRequests: Array<{ kind: IdKind; profile?: string; sandbox?: boolean }> = [];
const sources: Sources = {
  ids(kind, line) {
    idRequests.push({ kind, profile: line.profile, sandbox: line.sandbox });
    return CACHE[kind] ?? [];
  },
  profiles: () => ['default', 'staging'],
};

beforeEach(() => {
  idRequests = [];
});

/** "steps list --" → the words after `pwctl`; a trailing space starts an empty word. */
function words(line: string): string[] {
  const parts = line.split(' ').filter((w, i, all) => w !== '' || i === all.length - 1);
  return line === '' ? [''] : parts;
}

function complete(line: string) {
  return completeWords(tree, words(line), sources);
}

function values(line: string): string[] {
  return complete(line).candidates.map((c) => c.value);
}

function node(...path: string[]): CommandNode {
  let current = tree.root;
  for (const name of path) current = current.commands.find((c) => c.name === name)!;
  return current;
}

function option(path: string[], flag: string): OptionNode {
  return node(...path).options.find((o) => o.flags.includes(flag))!;
}

describe('commands', () => {
  it('offers every noun of the contract after `pwctl `, each once, with its description', () => {
    const c = complete('');
    expect(c.candidates.map((x) => x.value)).toEqual(CONTRACT_COMMANDS);
    expect(c.candidates.find((x) => x.value === 'steps')!.description).toMatch(/^tasks of project phases/);
  });

  it('offers aliases once something is typed', () => {
    expect(values('ta')).toEqual(['tasks', 'tags']);
    expect(values('tas')).toEqual(['tasks']);
  });

  it('offers the verbs of a noun, through its alias too, without the implicit help subcommand', () => {
    const verbs = [
      'list',
      'get',
      'wait',
      'create',
      'update',
      'complete',
      'reopen',
      'move',
      'reorder',
      'edit',
      'delete',
      'import',
    ];
    expect(values('steps ')).toEqual(verbs);
    expect(values('tasks ')).toEqual(verbs);
    expect(values('steps re')).toEqual(['reopen', 'reorder']);
    expect(values('webhooks ')).toEqual([
      'list',
      'get',
      'create',
      'update',
      'pause',
      'resume',
      'delete',
      'listen',
      'verify',
      'trigger',
      'deliveries',
    ]);
    // A group inside a noun: its verbs, and their flags.
    expect(values('webhooks deliveries ')).toEqual(['list', 'show', 'replay']);
    expect(values('webhooks deliveries list --r')).toEqual(['--rejected']);
  });

  it('finds the noun after global options and their values', () => {
    expect(values('-o json --profile staging steps ')).toContain('complete');
    expect(values('--output=yaml -q tags ')).toEqual(['list', 'add', 'set', 'remove']);
  });

  it('completes command paths and topics after help', () => {
    expect(values('help ')).toEqual(
      expect.arrayContaining(['steps', 'docs', 'exit-codes', 'environment', 'formatting']),
    );
    expect(values('help ')).not.toContain('help');
    expect(values('help steps ')).toContain('reorder');
    expect(values('help steps ')).not.toContain('exit-codes');
  });
});

describe('flags', () => {
  it("offers the verb's own long flags, then the global ones, but not --version below the root", () => {
    const flags = values('steps list --');
    expect(flags.slice(0, 6)).toEqual([
      '--company',
      '--completed',
      '--open',
      '--has-due-date',
      '--no-due-date',
      '--include',
    ]);
    expect(flags).toEqual(
      expect.arrayContaining(['--limit', '--all', '--help', '--output', '--fields', '--profile', '--no-color']),
    );
    // Only the global options that apply: a list changes nothing and confirms nothing.
    expect(flags).not.toContain('--dry-run');
    expect(flags).not.toContain('--yes');
    expect(values('steps create --')).toContain('--dry-run');
    expect(flags).not.toContain('--version');
    expect(flags.every((f) => f.startsWith('--'))).toBe(true);
    expect(values('--')).toContain('--version');
  });

  it('filters by what is typed and describes each flag', () => {
    const c = complete('steps list --in');
    expect(c.candidates).toEqual([
      { value: '--include', description: 'add content and/or tags to each task (comma-separated: content,tags)' },
    ]);
  });

  it('shows short flags too for a lone dash', () => {
    expect(values('steps list -')).toEqual(expect.arrayContaining(['-o', '--output', '-q', '-h', '--include']));
    expect(values('steps delete -')).toContain('-y');
  });

  it('offers nothing but positionals after --', () => {
    expect(values('steps complete -- --')).toEqual([]);
    expect(values('steps complete -- ')).toEqual(['101', '102', '120']);
  });
});

describe('values', () => {
  it('completes -o and --output with the output formats, in every spelling', () => {
    expect(values('steps list -o ')).toEqual([...OUTPUT_FORMATS]);
    expect(values('-o ')).toEqual([...OUTPUT_FORMATS]);
    expect(values('steps list --output j')).toEqual(['json']);
    expect(values('steps list --output=')).toEqual(OUTPUT_FORMATS.map((f) => `--output=${f}`));
    expect(values('steps list -qo ')).toEqual([...OUTPUT_FORMATS]);
  });

  it('treats a value given inline or after a flag as consumed', () => {
    // steps list takes no positional: after its value, nothing is left to offer but flags.
    expect(values('steps list -o json ')).toEqual([]);
    expect(values('steps list -ojson ')).toEqual([]);
    expect(values('steps get --include content ')).toEqual(['101', '102', '120']);
  });

  it('completes --include item by item after the last comma, leaving out items already listed', () => {
    expect(values('steps list --include ')).toEqual(['content', 'tags']);
    expect(values('steps list --include content,')).toEqual(['content,tags']);
    expect(values('steps get 101 --include=tags,c')).toEqual(['--include=tags,content']);
    expect(values('steps list --include content,tags,')).toEqual([]);
  });

  it('completes enumerated flags and arguments of every noun', () => {
    expect(values('docs update 5eed0000-0000-4000-8000-000000000081 --edit-access ')).toEqual([...EDIT_ACCESS_VALUES]);
    expect(values('completion ')).toEqual(['bash', 'zsh', 'fish']);
    expect(values('sandbox serve --seed ')).toEqual(['demo', 'empty']);
    expect(values('webhooks create --url http://127.0.0.1/ --event ')).toEqual([...WEBHOOK_EVENTS]);
    expect(values('webhooks create --event=task.c')).toEqual(['--event=task.created', '--event=task.completed']);
    expect(values('webhooks trigger milestone.')).toEqual(['milestone.created', 'milestone.updated']);
    expect(values('webhooks update 92 --active ')).toEqual(['true', 'false']);
  });

  it('completes --events item by item', () => {
    expect(values('webhooks listen --events task.completed,task.')).toEqual(
      ['task.created', 'task.due_date_updated', 'task.tags_updated'].map((e) => `task.completed,${e}`),
    );
  });

  it('completes config keys with their meaning, and the values of keys that have a fixed set', () => {
    for (const verb of ['get', 'set', 'unset']) expect(values(`config ${verb} `)).toEqual(CONFIG_KEY_NAMES);
    expect(complete('config get comp').candidates).toEqual([
      { value: 'company', description: 'default company id for list filters and creates' },
      { value: 'completion_cache', description: 'remember ids from list/get output for shell completion (true/false)' },
    ]);
    expect(values('config set output ')).toEqual([...OUTPUT_FORMATS]);
    expect(values('config set completion_cache ')).toEqual(['true', 'false']);
    expect(values('config set company ')).toEqual([]);
  });

  it('asks the shell for file names where a flag reads a file', () => {
    expect(complete('steps create --content-file ')).toEqual({ candidates: [], files: true });
    expect(complete('docs update x --content-file=')).toEqual({ candidates: [], files: true });
    expect(complete('api /steps --input ')).toEqual({ candidates: [], files: true });
    expect(complete('webhooks verify --signature ab --file ')).toEqual({ candidates: [], files: true });
    expect(complete('webhooks trigger task.created --file ')).toEqual({ candidates: [], files: true });
    expect(complete('webhooks listen --path ')).toEqual({ candidates: [] });
    expect(complete('steps create --title ')).toEqual({ candidates: [] });
  });

  it('completes --profile with the stored profiles', () => {
    expect(values('--profile ')).toEqual(['default', 'staging']);
    expect(values('steps list --profile s')).toEqual(['staging']);
  });
});

describe('ids from the cache', () => {
  it('offers cached task ids with their titles after steps complete', () => {
    expect(complete('steps complete ').candidates).toEqual([
      { value: '101', description: 'Kickoff call with Acme' },
      { value: '102', description: 'Collect brand assets' },
      { value: '120', description: 'Approve positioning' },
    ]);
    expect(idRequests).toEqual([{ kind: 'steps', profile: undefined, sandbox: undefined }]);
  });

  it('leaves out ids already on the line of a bulk verb, and filters by prefix', () => {
    expect(values('steps complete 101 ')).toEqual(['102', '120']);
    expect(values('steps delete 101 1')).toEqual(['102', '120']);
    expect(values('steps complete 12')).toEqual(['120']);
  });

  it('completes the id of every verb that takes one, from the cache of its kind', () => {
    for (const verb of ['get', 'update', 'complete', 'reopen', 'move', 'reorder', 'edit', 'delete'])
      expect(values(`steps ${verb} `), verb).toEqual(['101', '102', '120']);
    for (const verb of ['list', 'add', 'set', 'remove'])
      expect(values(`tags ${verb} `), verb).toEqual(['101', '102', '120']);
    for (const verb of ['get', 'update', 'delete']) expect(values(`milestones ${verb} `), verb).toEqual(['71']);
    for (const verb of ['get', 'update', 'edit', 'delete'])
      expect(values(`docs ${verb} `), verb).toEqual(['5eed0000-0000-4000-8000-000000000081']);
    for (const verb of ['get', 'update', 'pause', 'resume', 'delete'])
      expect(values(`webhooks ${verb} `), verb).toEqual(['92']);
    // The task being reordered is on the line already: it is not offered as its own anchor.
    expect(values('steps reorder 101 --after ')).toEqual(['102', '120']);
  });

  it('does not offer task ids where a tag goes', () => {
    expect(values('tags add 101 ')).toEqual([]);
    expect(values('tags remove 101 ')).toEqual([]);
    expect(values('steps move 101 ')).toEqual([]);
  });

  it('reads the cache of the profile and sandbox named on the line', () => {
    values('--profile staging steps get ');
    values('steps get --profile=work ');
    values('--sandbox steps get ');
    expect(idRequests).toEqual([
      { kind: 'steps', profile: 'staging', sandbox: undefined },
      { kind: 'steps', profile: 'work', sandbox: undefined },
      { kind: 'steps', profile: undefined, sandbox: true },
    ]);
  });
});

describe('the tree', () => {
  it('carries the values of every declared flag and argument that has a fixed set', async () => {
    let checked = 0;
    for (const { path, bound } of walkVerbs(await loadAll(COMMANDS))) {
      for (const flag of Object.values(bound.verb.flags)) {
        const values = flag.complete?.values;
        if (!values) continue;
        const form = flag.form;
        const complete =
          form.type === 'positional'
            ? node(...path).arguments.find((a) => a.name === form.name)!.complete
            : option(path, nameOf(flag)).complete;
        expect(complete?.values, `${path.join(' ')} ${nameOf(flag)}`).toEqual(
          values.map((v) => (typeof v === 'string' ? v : [...v])),
        );
        checked++;
      }
    }
    expect(option([], '--output').complete?.values).toEqual([...OUTPUT_FORMATS]);
    expect(checked).toBeGreaterThanOrEqual(8); // --include ×2, --edit-access, --event, --events, trigger [event], --active, <shell>, --seed, config keys
  });

  it('lists the values the verbs themselves validate', () => {
    expect(option(['steps', 'list'], '--include').complete).toEqual({ values: [...STEP_INCLUDES], list: true });
    expect(option(['steps', 'get'], '--include').complete).toEqual({ values: [...STEP_INCLUDES], list: true });
    expect(option(['docs', 'update'], '--edit-access').complete).toEqual({ values: [...EDIT_ACCESS_VALUES] });
    expect(option(['webhooks', 'create'], '--event').complete).toEqual({ values: [...WEBHOOK_EVENTS] });
    expect(option(['webhooks', 'listen'], '--events').complete).toEqual({ values: [...WEBHOOK_EVENTS], list: true });
    expect(node('webhooks', 'trigger').arguments[0]!.complete).toEqual({ values: [...WEBHOOK_EVENTS] });
    expect(option(['webhooks', 'update'], '--active').complete).toEqual({ values: ['true', 'false'] });
  });

  it('knows which options take a value', () => {
    expect(option([], '--output')).toMatchObject({ flags: ['-o', '--output'], value: 'required' });
    expect(option([], '--quiet').value).toBeUndefined();
    expect(option(['steps', 'list'], '--limit').value).toBe('required');
  });
});
