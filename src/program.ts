// The command tree: global options and nouns. Noun modules only declare flags; each verb's
// code is imported when that verb runs. Running it and deciding exit codes is src/cli.ts's job.
import { writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import { Command, Option } from 'commander';
import type { Session } from './commands/action.js';
import { registerApi } from './commands/api/index.js';
import { registerAuth } from './commands/auth/index.js';
import { registerCompletion } from './commands/completion/index.js';
import { registerConfig } from './commands/config/index.js';
import { registerDocs } from './commands/docs/index.js';
import { registerExport } from './commands/export/index.js';
import { registerHelp } from './commands/help/index.js';
import { GLOBAL_OPTIONS_HELP } from './commands/global-options-help.js';
import { examplesText, NOUN_EXAMPLES, ROOT_EXAMPLES } from './commands/help/examples.js';
import { parseErrorFor } from './commands/parse-errors.js';
import { registerMcp } from './commands/mcp/index.js';
import { registerMilestones } from './commands/milestones/index.js';
import { registerSandbox } from './commands/sandbox/index.js';
import { registerSteps } from './commands/steps/index.js';
import { registerTags } from './commands/tags/index.js';
import { registerWebhooks } from './commands/webhooks/index.js';
import { OUTPUT_FORMATS } from './output/formats.js';
import { VERSION } from './version.js';

export function buildProgram(session: Session): Command {
  const program = new Command('pwctl')
    .description('Drive the Project Work Service from a shell, a script or CI: documents, tasks, tags, milestones and webhooks.')
    .version(VERSION, '-V, --version', 'print the version')
    .addOption(new Option('-o, --output <format>', 'output format').choices(OUTPUT_FORMATS))
    .option('--fields <paths>', 'select fields/columns; dotted paths reach into objects (phase.title)')
    .option('--profile <name>', 'stored profile to use (env PWCTL_PROFILE; default "default")')
    .option('--base-url <url>', 'service root URL (env PWCTL_BASE_URL)')
    .option('--sandbox', 'run against the built-in embedded sandbox (env PWCTL_SANDBOX=1)')
    .option('--debug', 'trace HTTP requests and their headers to stderr, secrets redacted; --debug=api adds bodies (env PWCTL_DEBUG=1 or api)')
    .addOption(new Option('--debug-api').hideHelp())
    .option('-q, --quiet', 'no progress, notices or summaries on stderr')
    .option('-y, --yes', 'answer yes to confirmations')
    .option('--no-color', 'disable color (also NO_COLOR)')
    .option('--timeout <seconds>', 'per-request timeout in seconds (env PWCTL_TIMEOUT; default 30)')
    .option('--dry-run', 'print the requests that would change data, and send nothing')
    .option('--jq <expr>', 'filter the JSON result with a jq expression (implies -o json; with -o ndjson, per record)')
    .option('--no-pager', 'print long tables straight to the terminal, not through the pager (also PWCTL_PAGER="")')
    .helpCommand(false)
    .showSuggestionAfterError(true)
    .addHelpText('after', `${examplesText(ROOT_EXAMPLES)}\n\nRun \`pwctl help exit-codes\`, \`pwctl help environment\` or \`pwctl help formatting\` for reference tables.`);

  registerDocs(program, session);
  registerSteps(program, session);
  registerTags(program, session);
  registerMilestones(program, session);
  registerWebhooks(program, session);
  registerAuth(program, session);
  registerConfig(program, session);
  registerApi(program, session);
  registerCompletion(program, session);
  registerSandbox(program, session);
  registerExport(program, session);
  registerMcp(program, session);
  registerHelp(program);

  for (const noun of program.commands) {
    const examples = NOUN_EXAMPLES[noun.name()];
    if (examples) noun.addHelpText('after', examplesText(examples));
  }

  applyToAll(program, (command) => {
    command.exitOverride((error) => {
      throw parseErrorFor(error, command);
    });
    command.configureOutput(HELP_OUTPUT);
    command.configureHelp(GLOBAL_OPTIONS_HELP);
    if (command.commands.length > 0) helpWhenAlone(command);
  });
  return program;
}

/**
 * `--debug=api` → `--debug --debug-api`. A bare `--debug` must stay a switch: were it an
 * option with an optional value, commander would take the next word (`pwctl --debug steps
 * list` would trace "steps"). Arguments after `--` are left alone.
 */
export function expandDebugScope(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return argv.flatMap((arg, i) => (arg === '--debug=api' && (end === -1 || i < end) ? ['--debug', '--debug-api'] : [arg]));
}

/**
 * `pwctl steps` alone prints the noun's help to stdout and succeeds, as `pwctl steps --help`
 * and `pwctl help steps` do; `pwctl steps lst` is still an unknown command with a suggestion.
 */
function helpWhenAlone(command: Command): void {
  // An action hides commander's implicit `help` subcommand; nouns keep `pwctl steps help list`.
  if (command.parent) command.helpCommand(true);
  command.allowExcessArguments(true).action(() => {
    if (command.args.length > 0) (command as unknown as { unknownCommand(): never }).unknownCommand();
    command.outputHelp();
  });
}

// Help goes out with fs.writeSync and terminal probes use isatty(): touching process.stdout
// constructs a stream (and loads node:stream, net/tty) — a few ms that --help need not pay.
// Errors are reported by runProgram, in one format, so commander prints none itself.
const HELP_OUTPUT = {
  writeOut: (text: string) => writeQuietly(1, text),
  writeErr: (text: string) => writeQuietly(2, text),
  outputError: () => {},
  getOutHelpWidth: () => (isatty(1) ? process.stdout.columns : 80),
  getErrHelpWidth: () => (isatty(2) ? process.stderr.columns : 80),
  getOutHasColors: () => isatty(1) && !('NO_COLOR' in process.env),
  getErrHasColors: () => isatty(2) && !('NO_COLOR' in process.env),
};

/** `pwctl --help | head -1`: a closed pipe is not an error. */
function writeQuietly(fd: number, text: string): void {
  try {
    writeSync(fd, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
  }
}

function applyToAll(command: Command, fn: (command: Command) => void): void {
  fn(command);
  for (const sub of command.commands) applyToAll(sub, fn);
}
