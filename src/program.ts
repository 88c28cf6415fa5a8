// The command tree: global options and nouns. Noun modules only declare flags; each verb's
// code is imported when that verb runs.
import { writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import { Command, Option } from 'commander';
import { classifyError, EXIT } from './cli.js';
import type { Session } from './commands/action.js';
import { registerApi } from './commands/api/index.js';
import { registerAuth } from './commands/auth/index.js';
import { registerCompletion } from './commands/completion/index.js';
import { registerConfig } from './commands/config/index.js';
import { registerDocs } from './commands/docs/index.js';
import { registerHelp } from './commands/help/index.js';
import { registerMilestones } from './commands/milestones/index.js';
import { registerSandbox } from './commands/sandbox/index.js';
import { registerSteps } from './commands/steps/index.js';
import { registerTags } from './commands/tags/index.js';
import { registerWebhooks } from './commands/webhooks/index.js';
import type { GlobalFlags } from './config/settings.js';
import { Context } from './context.js';
import { processIO, type IO } from './io.js';
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
    .option('--debug', 'trace HTTP requests to stderr, secrets redacted (env PWCTL_DEBUG=1)')
    .option('-q, --quiet', 'no progress, notices or summaries on stderr')
    .option('-y, --yes', 'answer yes to confirmations')
    .option('--no-color', 'disable color (also NO_COLOR)')
    .option('--timeout <seconds>', 'per-request timeout in seconds (env PWCTL_TIMEOUT; default 30)')
    .option('--dry-run', 'print the requests that would change data, and send nothing')
    .option('--no-pager', 'print long tables straight to the terminal, not through the pager (also PWCTL_PAGER="")')
    .helpCommand(false)
    .showSuggestionAfterError(true)
    .addHelpText('after', '\nRun `pwctl help exit-codes`, `pwctl help environment` or `pwctl help formatting` for reference tables.');

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
  registerHelp(program);

  applyToAll(program, (command) => {
    command.exitOverride();
    command.configureOutput(HELP_OUTPUT);
  });
  return program;
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

/** Parse and run argv; report any error; return the exit code. */
export async function runProgram(argv: string[], env: NodeJS.ProcessEnv, ioOverride?: IO): Promise<number> {
  let context: Context | undefined;
  const session: Session = {
    context(command) {
      if (!context) {
        // Global options live on the root command; optsWithGlobals() would also merge in a
        // verb's own options (milestones --color would shadow the global --no-color).
        let root = command;
        while (root.parent) root = root.parent;
        const flags = root.opts() as GlobalFlags;
        context = new Context(flags, env, ioOverride ?? processIO(env, flags));
      }
      return context;
    },
  };
  const program = buildProgram(session);
  if (argv.length === 0) {
    program.outputHelp();
    return EXIT.ok;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    const io = ioOverride ?? processIO(env, {});
    return reportError(error, io, argv, env, context);
  } finally {
    await context?.close();
  }
}

async function reportError(error: unknown, io: IO, argv: string[], env: NodeJS.ProcessEnv, context: Context | undefined): Promise<number> {
  const report = classifyError(error);
  if (report.silent) return report.code;
  const { errorLines, errorJsonLine } = await import('./output/error-line.js');
  const raw = error instanceof Error ? error.message : String(error);
  // Commander puts its suggestion on a line of its own ("\n(Did you mean list?)"): keep it,
  // on the one error line. Other messages keep their first line only.
  const text = raw.replace(/^error:\s*/i, '') || 'failed';
  const fromCommander = String((error as { code?: unknown }).code).startsWith('commander.');
  const message = fromCommander ? text.replace(/\s*\n\s*/g, ' ') : text.split('\n')[0]!;
  const errors = (error as { errors?: Record<string, string[]> }).errors;
  const entry = { message, status: report.status, exitCode: report.code, errors };
  io.stderr.write(errorLines(entry));
  if (['json', 'ndjson'].includes(requestedFormat(argv, env))) io.stderr.write(errorJsonLine(entry));
  const debug = context?.flags.debug === true || argv.includes('--debug') || env.PWCTL_DEBUG === '1';
  if (debug && error instanceof Error && error.stack && report.code === EXIT.failure) io.stderr.write(`${error.stack}\n`);
  return report.code;
}

/** The output format asked for, read straight from argv/env so even a parse error can honour it. */
function requestedFormat(argv: string[], env: NodeJS.ProcessEnv): string {
  for (let i = argv.length - 1; i >= 0; i--) {
    const arg = argv[i]!;
    if ((arg === '-o' || arg === '--output') && argv[i + 1]) return argv[i + 1]!;
    const m = /^(?:--output=|-o)(.+)$/.exec(arg);
    if (m) return m[1]!;
  }
  return env.PWCTL_OUTPUT ?? 'table';
}
