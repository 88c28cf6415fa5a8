// Commander's parse errors told the way every other usage error is: one line naming the
// flag or argument, what it accepts, and the command's usage — instead of commander's own
// wording ("too many arguments for 'verify'. Expected 0 arguments but got 1."). Commander
// knows what went wrong; the command it happened on knows the usage, so the translation
// runs in that command's exit override (src/program.ts) and yields a UsageError (exit 2).
import type { Command, CommanderError } from 'commander';
import { UsageError } from '../errors.js';

/** The error a command's exit override throws for `error`: help and version pass through. */
export function parseErrorFor(error: CommanderError, command: Command): Error {
  const message = describe(error, command);
  return message === undefined ? error : new UsageError(message);
}

function describe(error: CommanderError, command: Command): string | undefined {
  const text = error.message.replace(/^error:\s*/, '');
  switch (error.code) {
    case 'commander.excessArguments':
      return excessArguments(command);
    case 'commander.missingArgument': {
      const name = /'([^']+)'/.exec(text)?.[1];
      return name ? `missing <${name}>; usage: ${usage(command)}` : undefined;
    }
    case 'commander.optionMissingArgument': {
      const flags = /option '([^']+)'/.exec(text)?.[1];
      return flags ? `${longName(flags)} needs a value: ${valueForm(flags)}` : undefined;
    }
    case 'commander.missingMandatoryOptionValue': {
      const flags = /option '([^']+)'/.exec(text)?.[1];
      return flags ? `${valueForm(flags)} is required (see ${path(command)} --help)` : undefined;
    }
    case 'commander.invalidArgument': {
      // "option '-o, --output <format>' argument 'xml' is invalid. Allowed choices are a, b."
      const m =
        /^(?:option '([^']+)' argument|command-argument value) '(.*)' is invalid(?: for argument '([^']+)')?\. Allowed choices are (.+)\.$/s.exec(
          text,
        );
      if (!m) return undefined;
      const name = m[1] ? m[1].replace(/\s*<[^>]*>$/, '').replace(', ', '/') : `<${m[3]}>`;
      return `${name} must be one of ${m[4]}; got ${JSON.stringify(m[2])}`;
    }
    case 'commander.unknownCommand':
      return suggestingNames(text.replace(/\s*\n\s*/g, ' '), command);
    case 'commander.unknownOption':
      // `pwctl -v` is how many tools print their version; pwctl's is -V (commander's) or `version`.
      if (command.parent === null && /^unknown option '-v'$/.test(text))
        return "unknown option '-v'; for the version use -V or `pwctl version`";
      return text.replace(/\s*\n\s*/g, ' ').replace('(Did you mean', '(did you mean');
    case 'commander.conflictingOption':
      // Already one line naming what was typed, with commander's suggestion.
      return text.replace(/\s*\n\s*/g, ' ').replace('(Did you mean', '(did you mean');
    default:
      return undefined;
  }
}

/**
 * Commander suggests among names and aliases alike (`did you mean one of list, ls?`): each
 * suggestion is told by its command's name, once.
 */
function suggestingNames(text: string, command: Command): string {
  return text.replace(/\(Did you mean (?:one of )?([^?]+)\?\)/, (_all, names: string) => {
    const primary = [
      ...new Set(
        names
          .split(', ')
          .map((name) => command.commands.find((c) => c.name() === name || c.aliases().includes(name))?.name() ?? name),
      ),
    ];
    return `(did you mean ${primary.length > 1 ? 'one of ' : ''}${primary.join(', ')}?)`;
  });
}

/** `unexpected argument "2": pwctl steps get takes only <id>; usage: …`; an option-like word is named as an option. */
function excessArguments(command: Command): string {
  const expected = command.registeredArguments;
  const extra = command.args.slice(expected.length);
  const first = extra[0] ?? '';
  if (/^-[^-]/.test(first) || /^--./.test(first)) {
    const lookalike = lookalikeFlag(first, command);
    return `unknown option '${first}'${lookalike ? ` (did you mean ${lookalike}?)` : ''}; usage: ${usage(command)}`;
  }
  const takes =
    expected.length === 0 ? 'takes no arguments' : `takes only ${expected.map((a) => `<${a.name()}>`).join(' ')}`;
  const stdin = first === '-' ? stdinHint(command) : '';
  const what = `unexpected argument${extra.length > 1 ? 's' : ''} ${extra.map((a) => JSON.stringify(a)).join(' ')}`;
  return `${what}: ${path(command)} ${takes}${stdin}; usage: ${usage(command)}`;
}

/** `webhooks verify … -`: the option that reads standard input, when there is one. */
function stdinHint(command: Command): string {
  const option = command.options.find((o) => /\|-[>\]]/.test(o.flags));
  return option?.long ? ` (standard input is read with ${option.long} -)` : '';
}

// Characters that are easily typed for one another in a short flag: -0 for -o, -1 for -l.
const LOOKALIKE: Record<string, string> = { '0': 'o', o: '0', O: 'o', '1': 'l', l: '1', I: 'l' };

function lookalikeFlag(word: string, command: Command): string | undefined {
  const m = /^-(.)$/.exec(word);
  const swapped = m && LOOKALIKE[m[1]!];
  if (!swapped) return undefined;
  for (let c: Command | null = command; c; c = c.parent) {
    if (c.options.some((o) => o.short === `-${swapped}`)) return `-${swapped}`;
  }
  return undefined;
}

/** "pwctl steps get" (aliases resolved to the name). */
function path(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

function usage(command: Command): string {
  return `${path(command)} ${command.usage()}`;
}

/** '-o, --output <format>' → '--output'. */
function longName(flags: string): string {
  return /--[\w-]+/.exec(flags)?.[0] ?? flags.split(/[ ,]/)[0]!;
}

/** '-o, --output <format>' → '--output <format>'. */
function valueForm(flags: string): string {
  const value = /[<[][^>\]]*[>\]]/.exec(flags)?.[0];
  return value ? `${longName(flags)} ${value}` : longName(flags);
}
