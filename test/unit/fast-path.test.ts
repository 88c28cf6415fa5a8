// The fast path (src/cli/fast/) reads a command line without building commander, and must
// never read one differently: whatever it accepts, commander parses to the same verb, global
// flags, positionals and raw option values; whatever commander would refuse or answer with
// help, it hands over. Checked on every example of every declared verb, and on command lines
// made up of the words that trip parsers (options before and after arguments, `--`, `-abc`,
// `--x=y`, negative numbers, help, unknown options, values that look like options).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastInvocation } from '../../src/cli/fast/fast-path.js';
import { parseTreeOfProgram } from '../../src/cli/fast/tree-of-program.js';
import type { CommandSpec, OptionSpec } from '../../src/cli/fast/tree.js';
import { normaliseArgv } from '../../src/cli/normalise-argv.js';
import { buildProgram, COMMANDS } from '../../src/cli/program.js';
import type { Invocation, Session } from '../../src/cli/run-verb.js';
import { loadAll, walkVerbs } from '../../src/commands/declare.js';
import { commandsOf } from '../helpers/example-lines.js';

const notRun = () => {
  throw new Error('only parsed here');
};
const SILENT = { writeOut: () => {}, writeErr: () => {}, outputError: () => {} };

/** What commander makes of a command line: the verb it would run, or the error it throws (help too). */
async function byCommander(argv: string[]): Promise<Invocation | { refused: string } | 'no verb'> {
  let parsed: Invocation | undefined;
  const session: Session = {
    io: notRun,
    factory: notRun,
    run: async (invocation) => {
      parsed = invocation;
    },
  };
  if (argv.length === 0) return 'no verb';
  const program = await buildProgram(session, argv, SILENT);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    return { refused: (error as Error).message };
  }
  return parsed ?? 'no verb';
}

/** The example lines of every declared verb, as the words main.ts hands the parsers. */
const verbs = [...walkVerbs(await loadAll(COMMANDS))];
const exampleLines = [
  ...new Set(
    verbs.flatMap(({ bound }) =>
      bound.verb.examples.flatMap((example) =>
        commandsOf(example)
          .filter((argv) => argv[0] === 'pwctl')
          .map((argv) => JSON.stringify(normaliseArgv(argv.slice(1)))),
      ),
    ),
  ),
].map((line) => JSON.parse(line) as string[]);

/** Examples the fast path leaves to commander, and why: nothing else may be. */
const HANDED_OVER: Record<string, string> = {
  'alias set mine-json -- -o json steps list --assignee maya': '`--`',
  'docs diff handbook --quiet': "a verb's own switch spelled as a global option",
};

describe('the fast path reads every example as commander does', () => {
  it.each(exampleLines.map((argv) => [argv.join(' '), argv] as const))('%s', async (_line, argv) => {
    const fast = await fastInvocation(argv);
    const full = await byCommander(argv);
    if (fast === undefined) expect(HANDED_OVER, 'handed over to commander').toHaveProperty(argv.join(' '));
    else expect(full).toStrictEqual(fast);
  });

  it('reads nearly all of them itself', async () => {
    expect(exampleLines.length).toBeGreaterThan(100);
    expect(Object.keys(HANDED_OVER).length).toBeLessThan(exampleLines.length / 20);
  });
});

describe('the fast path hands over what it is not sure of', () => {
  it.each([
    [['steps', 'get', '101', '--bogus'], 'an unknown option'],
    [['steps', 'get', '101', '--help'], 'help'],
    [['steps', 'get', '-h'], 'help'],
    [['help', 'steps', 'get'], 'the help command'],
    [['steps'], 'a noun alone'],
    [['steps', 'gett', '101'], 'an unknown verb'],
    [['stpes', 'get', '101'], 'an unknown noun'],
    [['steps', 'get', '101', '102'], 'too many arguments'],
    [['steps', 'get', '101', '-o', 'xml'], 'a value outside the choices'],
    [['steps', 'get', '101', '-o'], 'a missing value'],
    [['steps', 'list', '--limit', '-5'], 'a value that looks like an option'],
    [['steps', 'get', '101', '-qy'], 'short options together'],
    [['steps', 'get', '--', '101'], '`--`'],
    [['steps', 'get', '101', '-V'], '--version'],
    [['steps', 'get', '101', '--quiet=1'], 'a value given to a switch'],
    [['docs', 'diff', 'handbook', '--quiet'], "a verb's own switch spelled as a global option"],
    [[], 'nothing at all'],
  ])('%j: %s', async (argv) => {
    expect(await fastInvocation(argv)).toBeUndefined();
  });

  it('reads aliases, global options anywhere, --name=value and the same option twice as commander does', async () => {
    for (const argv of [
      ['tasks', 'view', '101', '-o', 'json'],
      ['-o', 'json', '--no-color', 'steps', 'get', '101', '--quiet'],
      ['steps', 'list', '--limit=5', '--fields=id,title', '--limit', '7'],
      ['api', '/api/v1/steps', '-H', 'A: b', '--paginate', '-H', 'C: d'],
      ['steps', 'create', '--title', 'x', '--phase', '41', '-q', '--published'],
    ]) {
      const fast = await fastInvocation(argv);
      expect(fast, argv.join(' ')).toBeDefined();
      expect(await byCommander(argv)).toStrictEqual(fast);
    }
  });
});

describe('made-up command lines', () => {
  it('whatever the fast path accepts, commander parses the same way', async () => {
    const tree = await parseTreeOfProgram();
    const verbs = verbsOf(tree.commands.map((top) => JSON.parse(top.spec) as CommandSpec));
    const values = ['101', '41', 'a b', 'x', '0', '', 'json', 'xml', '-', '-5', '--x'];
    const tricky = ['--', '-qy', '-ojson', '--help', '-h', '--bogus', '--quiet=1', '--limit=3', '-V', 'help', '-'];
    const optionWith = (options: readonly OptionSpec[]) =>
      fc
        .tuple(fc.constantFrom(...options), fc.constantFrom(...values), fc.boolean(), fc.boolean())
        .map(([option, value, long, inline]) => {
          const name = long ? option.long : option.flags[0]!;
          if (!option.value) return inline ? [`${name}=${value}`] : [name];
          return inline && name.startsWith('--') ? [`${name}=${value}`] : [name, value];
        });
    const line = fc.constantFrom(...verbs).chain(({ path, options }) => {
      const word = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...values).map((v) => [v]) },
        ...(options.length > 0 ? [{ weight: 4, arbitrary: optionWith(options) }] : []),
        { weight: 2, arbitrary: optionWith(tree.options) },
        { weight: 1, arbitrary: fc.constantFrom(...tricky).map((t) => [t]) },
      );
      return fc
        .tuple(fc.array(word, { maxLength: 2 }), fc.array(word, { maxLength: 6 }))
        .map(([before, after]) => [...before.flat(), ...path, ...after.flat()]);
    });
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(line, async (argv) => {
        const fast = await fastInvocation(argv);
        if (fast === undefined) return;
        accepted++;
        expect(await byCommander(argv)).toStrictEqual(fast);
      }),
      { numRuns: 2000, seed: 4242 },
    );
    // The property says something only if the fast path took a good share of the lines.
    expect(accepted).toBeGreaterThan(150);
  });
});

/** Every verb: each way its path may be typed (names and aliases), and its options. */
function verbsOf(commands: readonly CommandSpec[], path: readonly string[] = []) {
  const out: Array<{ path: string[]; options: OptionSpec[] }> = [];
  for (const command of commands)
    for (const name of command.names) {
      if (command.verb) out.push({ path: [...path, name], options: command.verb.options });
      if (command.commands) out.push(...verbsOf(command.commands, [...path, name]));
    }
  return out;
}
