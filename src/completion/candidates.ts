// What may come next on a command line: read the words typed so far the way commander would
// (global options anywhere, option values, `--`, short clusters, aliases) against the
// precomputed tree, then list the candidates for the word under the cursor.
import type { IdKind } from '../id-kinds.js';
import { expandTypedAlias } from './alias-line.js';
import type { CachedId } from './id-cache.js';
import type { CommandNode, CompletionTree, OptionNode, ValueNode } from './tree.js';

export interface Candidate {
  value: string;
  description?: string;
}

export interface Completion {
  candidates: Candidate[];
  /** The word is a file name: let the shell complete paths. */
  files?: boolean;
}

/** Where the words that are not in the tree come from (all local: completion never calls the API). */
export interface Sources {
  /** `profile`, `sandbox` and `baseUrl` as typed on the line (--profile, --sandbox, --base-url), if they were. */
  ids(kind: IdKind, line: TypedTarget): CachedId[];
  profiles(): string[];
  /** Stored aliases, name → expansion (`pwctl alias set`). */
  aliases?(): Readonly<Record<string, string>>;
}

/** The global options of a command line that choose whose ids it means. */
export interface TypedTarget {
  profile?: string;
  sandbox?: boolean;
  baseUrl?: string;
}

interface LineState extends TypedTarget {
  /** Root first, down to the command the words reached. */
  chain: CommandNode[];
  positionals: string[];
  /** The last word was an option still waiting for its value. */
  pending?: OptionNode;
  afterDoubleDash: boolean;
}

/** `words`: what follows the program name, the last one being the (possibly empty) word under the cursor. */
export function completeWords(tree: CompletionTree, typed: readonly string[], sources: Sources): Completion {
  const aliases = () => sources.aliases?.() ?? {};
  const words = expandTypedAlias(tree.root, typed, aliases);
  if (!words) return { candidates: [] };
  const current = words.length > 0 ? words[words.length - 1]! : '';
  const state = readLine(tree.root, words.slice(0, -1));
  const node = state.chain[state.chain.length - 1]!;

  if (state.pending) return completeValue(state.pending.complete, current, '', tree, state, sources);
  if (!state.afterDoubleDash && current.startsWith('-')) {
    const eq = current.indexOf('=');
    if (current.startsWith('--') && eq > 0) {
      const option = findOption(state.chain, current.slice(0, eq));
      if (!option?.value) return { candidates: [] };
      return completeValue(option.complete, current.slice(eq + 1), current.slice(0, eq + 1), tree, state, sources);
    }
    return { candidates: completeFlags(state.chain, current) };
  }
  if (state.positionals.length === 0 && node.commands.length > 0) {
    return { candidates: completeCommands(node, current, state.chain.length === 1 ? aliases() : {}) };
  }
  const index = state.positionals.length;
  const argument = node.arguments[index] ?? (node.arguments.at(-1)?.variadic ? node.arguments.at(-1) : undefined);
  if (!argument) return { candidates: [] };
  return completeValue(argument.complete, current, '', tree, state, sources);
}

function readLine(root: CommandNode, words: readonly string[]): LineState {
  const state: LineState = { chain: [root], positionals: [], afterDoubleDash: false };
  const setValue = (option: OptionNode, value: string) => {
    if (option.flags.includes('--profile')) state.profile = value;
    if (option.flags.includes('--base-url')) state.baseUrl = value;
  };
  for (const word of words) {
    if (state.pending) {
      const pending = state.pending;
      state.pending = undefined;
      // Like commander: an optional value is taken only when it does not look like an option.
      if (pending.value === 'required' || !word.startsWith('-')) {
        setValue(pending, word);
        continue;
      }
    }
    if (state.afterDoubleDash) {
      state.positionals.push(word);
    } else if (word === '--') {
      state.afterDoubleDash = true;
    } else if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const option = findOption(state.chain, eq < 0 ? word : word.slice(0, eq));
      if (word === '--sandbox') state.sandbox = true;
      if (option?.value && eq < 0) state.pending = option;
      else if (option && eq >= 0) setValue(option, word.slice(eq + 1));
    } else if (word.startsWith('-') && word.length > 1) {
      // A cluster of short flags (-qy), the last of which may take a value, inline (-ojson) or next.
      for (let i = 1; i < word.length; i++) {
        const option = findOption(state.chain, `-${word[i]}`);
        if (!option) break;
        if (option.value) {
          const rest = word.slice(i + 1);
          if (rest !== '') setValue(option, rest);
          else state.pending = option;
          break;
        }
      }
    } else {
      const node = state.chain[state.chain.length - 1]!;
      const sub = state.positionals.length === 0 ? findCommand(node, word) : undefined;
      if (sub) state.chain.push(sub);
      else state.positionals.push(word);
    }
  }
  return state;
}

function findCommand(node: CommandNode, word: string): CommandNode | undefined {
  return node.commands.find((c) => c.name === word || c.aliases?.includes(word));
}

/** Options of the command and of every command above it (global options work anywhere). */
function findOption(chain: readonly CommandNode[], flag: string): OptionNode | undefined {
  for (let i = chain.length - 1; i >= 0; i--) {
    const option = chain[i]!.options.find((o) => o.flags.includes(flag));
    if (option) return option;
  }
  return undefined;
}

function completeFlags(chain: readonly CommandNode[], current: string): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  // A verb names the global options that apply to it (--dry-run only where data changes, …).
  const applicable = chain[chain.length - 1]!.globals;
  for (let i = chain.length - 1; i >= 0; i--) {
    for (const option of chain[i]!.options) {
      // --version belongs to `pwctl` alone, even though commander would accept it later.
      if (i === 0 && chain.length > 1 && option.flags.includes('--version')) continue;
      if (i === 0 && applicable && !option.flags.some((f) => applicable.includes(f))) continue;
      for (const flag of option.flags) {
        // "--" asks for long flags; a lone "-" shows the short ones too.
        if (!flag.startsWith(current) || (current.startsWith('--') !== flag.startsWith('--') && current !== '-'))
          continue;
        if (seen.has(flag)) continue;
        seen.add(flag);
        out.push(described(flag, option.description));
      }
    }
  }
  return out;
}

/** The commands below `node`, and at the top, after them, the user's aliases (`stored`). */
function completeCommands(node: CommandNode, current: string, stored: Readonly<Record<string, string>>): Candidate[] {
  const out: Candidate[] = [];
  for (const command of node.commands) {
    if (command.name.startsWith(current)) out.push(described(command.name, command.description));
    // Aliases only once something is typed: `pwctl ta<TAB>` offers tags and tasks; an empty word lists each command once.
    for (const alias of command.aliases ?? []) {
      if (current !== '' && alias.startsWith(current))
        out.push(described(alias, `alias of ${command.name}: ${command.description}`));
    }
  }
  for (const [name, expansion] of Object.entries(stored))
    if (name.startsWith(current)) out.push(described(name, `alias: ${expansion}`));
  return out;
}

function completeValue(
  spec: ValueNode | undefined,
  current: string,
  prefix: string,
  tree: CompletionTree,
  state: LineState,
  sources: Sources,
): Completion {
  if (!spec) return { candidates: [] };
  if (spec.files) return { candidates: [], files: true };
  let pool: Candidate[] = [];
  let head = '';
  let word = current;
  if (spec.list) {
    // content,ta<TAB>: complete the item after the last comma, skipping items already listed.
    const comma = current.lastIndexOf(',');
    head = current.slice(0, comma + 1);
    word = current.slice(comma + 1);
  }
  if (spec.values) pool.push(...spec.values.map((v) => (typeof v === 'string' ? { value: v } : described(v[0], v[1]))));
  if (spec.byPrevious) {
    const previous = state.positionals[state.positionals.length - 1];
    for (const value of (previous !== undefined && spec.byPrevious[previous]) || []) pool.push({ value });
  }
  if (spec.ids) pool.push(...sources.ids(spec.ids, state).map((e) => described(e.id, e.title)));
  if (spec.profiles) pool.push(...sources.profiles().map((value) => ({ value })));
  if (spec.aliases)
    pool.push(...Object.entries(sources.aliases?.() ?? {}).map(([name, expansion]) => described(name, expansion)));
  if (spec.commands)
    pool = [...commandPath(tree.root, state.positionals), ...(state.positionals.length === 0 ? pool : [])];

  const taken = new Set(spec.list ? head.split(',') : spec.ids ? state.positionals : []);
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const candidate of pool) {
    if (!candidate.value.startsWith(word) || taken.has(candidate.value) || seen.has(candidate.value)) continue;
    seen.add(candidate.value);
    out.push({ ...candidate, value: `${prefix}${head}${candidate.value}` });
  }
  return { candidates: out };
}

/** `help steps <TAB>`: the subcommands of the command path typed so far. */
function commandPath(root: CommandNode, path: readonly string[]): Candidate[] {
  let node: CommandNode | undefined = root;
  for (const word of path) node = node && findCommand(node, word);
  return (node?.commands ?? []).filter((c) => c.name !== 'help').map((c) => described(c.name, c.description));
}

function described(value: string, description: string | undefined): Candidate {
  return description ? { value, description } : { value };
}
