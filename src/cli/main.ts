// The entry point, top to bottom: parse argv, run the verb, map whatever it threw to the
// contract's exit code. This file is the only place that decides an exit code and the only
// one that ends the process. `pwctl --version` alone never gets here: the bin shim answers it.
import { ApiError } from '../api/errors.js';
import { RequestNotSent } from '../api/not-sent.js';
import type { GlobalFlags } from '../config/settings.js';
import {
  AuthRequiredError,
  BulkFailure,
  CommandFailedError,
  ConfigError,
  DifferencesFound,
  InterruptedError,
  NetworkError,
  NotFoundError,
  UsageError,
  WaitTimedOut,
} from '../errors.js';
import type { IO } from '../io/io.js';
import { processTerminal, type Terminal } from '../io/terminal.js';
import { DEFAULT_OUTPUT_FORMAT, isMachineReadable, JQ_DEFAULT_FORMAT } from '../output/formats.js';
import { updateWorkDue } from '../update/due.js';
import { expandAlias } from './alias-expansion.js';
import type { Factory } from './factory.js';
import { fastInvocation } from './fast/fast-path.js';
import type { GeneratedDocs } from './reference.js';
import { normaliseArgv } from './normalise-argv.js';
import { runVerb, type Session } from './run-verb.js';

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  validation: 5,
  rateLimited: 6,
  network: 7,
  partial: 8,
  interrupted: 130,
} as const;

export async function main(argv: string[]): Promise<void> {
  // The detached check src/update/notifier.ts starts; whatever happens, it says nothing.
  if (argv.length === 1 && argv[0] === '__update-check') {
    await (await import('../update/check-feed.js')).checkFeed(process.env).catch(() => {});
    process.exit(EXIT.ok);
  }
  const terminal = processTerminal();
  // An error nothing caught (a stream's, a timer's) is reported like any other: one line
  // through the sanitiser, its stack only with --debug, exit 1 — never Node's raw trace.
  const lastResort = (error: unknown) =>
    void reportError(error, terminal.io(process.env, {}), normaliseArgv(argv), process.env).then((code) =>
      process.exit(code === EXIT.ok ? EXIT.failure : code),
    );
  process.on('uncaughtException', lastResort);
  process.on('unhandledRejection', lastResort);
  const code = await run(argv, process.env, terminal, { exiting: true });
  if (updateWorkDue(process.env))
    await import('../update/notifier.js')
      .then((notifier) => notifier.afterRun(process.env, terminal.io(process.env, {})))
      .catch(() => {});
  // Wait until stdout has handed everything to the OS (pipes are asynchronous on some
  // platforms), then exit without waiting for idle keep-alive sockets or timers. A run
  // that never opened process.stdout (help) has nothing to flush.
  if (terminal.stdoutOpened && !terminal.stdoutClosed)
    await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(code);
}

/**
 * Parse and run argv; report any error; return the exit code. Everything a run uses comes
 * from its arguments — the environment, and the terminal it talks through (the process's,
 * or a test's in memory) — so runs in one process share nothing. `exiting`: the process exits
 * when the run returns (main), so what only gives its resources back is left to the exit.
 */
export async function run(
  givenArgv: string[],
  env: NodeJS.ProcessEnv,
  terminal: Terminal = processTerminal(),
  { exiting = false }: { exiting?: boolean } = {},
): Promise<number> {
  let argv = normaliseArgv(givenArgv);
  let factory: Factory | undefined;
  let io: IO | undefined;
  let flags: GlobalFlags = {};
  const session: Session = {
    io(globals: GlobalFlags) {
      if (!io) {
        flags = globals;
        io = terminal.io(env, flags);
      }
      return io;
    },
    async factory(globals: GlobalFlags) {
      if (!factory) {
        const runIO = session.io(globals);
        const { Factory } = await import('./factory.js');
        factory = new Factory(flags, env, runIO);
      }
      return factory;
    },
  };
  try {
    argv = await expandAlias(argv, env);
    // A command line the fast path is sure of runs without commander (src/cli/fast/); any other goes to commander.
    const invocation = await fastInvocation(argv);
    if (invocation) await runVerb(session, invocation);
    else await parseWithCommander(argv, session, terminal, env);
    return EXIT.ok;
  } catch (error) {
    // The reader of stdout went away: what was wanted was read.
    if (terminal.stdoutClosed) return EXIT.ok;
    return await reportError(error, io ?? terminal.io(env, flags), argv, env);
  } finally {
    await factory?.close({ exiting });
  }
}

/** The full parser: the commander program, built for this command line; help, and every parse error, are its. */
async function parseWithCommander(argv: string[], session: Session, terminal: Terminal, env: NodeJS.ProcessEnv) {
  const [{ buildProgram }, { helpOutput }] = await Promise.all([import('./program.js'), import('./command-help.js')]);
  const program = await buildProgram(session, argv, helpOutput(terminal, env));
  if (argv.length === 0) program.outputHelp();
  else await program.parseAsync(argv, { from: 'user' });
}

/** docs/commands.md, from the declarations: `npm run docs` writes it. */
export async function commandReference(): Promise<string> {
  return (await import('./reference.js')).commandReference();
}

/** docs/commands.md, the man pages and the docs' generated lists: `npm run docs` writes them. */
export async function generatedDocs(): Promise<GeneratedDocs> {
  return (await import('./reference.js')).generatedDocs();
}

/** The command tree as data for the shell completer: the build writes it to dist/completion-tree.json. */
export async function completionTree(): Promise<unknown> {
  const [{ buildCompletionTree }, { TOPICS }] = await Promise.all([
    import('../completion/tree.js'),
    import('./help-topics.js'),
  ]);
  const readOnly = () => {
    throw new Error('the completion tree is only read, never run');
  };
  const { buildProgram } = await import('./program.js');
  const program = await buildProgram({ factory: readOnly, io: readOnly });
  return buildCompletionTree(program, { helpTopics: Object.keys(TOPICS) });
}

/** The command tree the fast path parses with, as the build writes it to dist/parse-tree.txt. */
export async function parseTreeFile(): Promise<string> {
  const [{ parseTreeOfProgram }, { parseTreeFileText }] = await Promise.all([
    import('./fast/tree-of-program.js'),
    import('./fast/tree-file.js'),
  ]);
  return parseTreeFileText(await parseTreeOfProgram());
}

export interface ExitReport {
  code: number;
  status: number | null;
  /** Nothing to print: the command already said everything (bulk summaries, help). */
  silent?: boolean;
}

/** Map any error to its exit code. */
export function classifyError(error: unknown): ExitReport {
  // --dry-run: the request was shown, as asked; nothing failed.
  if (error instanceof RequestNotSent) return { code: EXIT.ok, status: null, silent: true };
  if (error instanceof ApiError) return { code: exitCodeForApiError(error.kind, error.status), status: error.status };
  if (error instanceof UsageError) return { code: EXIT.usage, status: null };
  if (error instanceof AuthRequiredError) return { code: EXIT.auth, status: null };
  if (error instanceof NotFoundError) return { code: EXIT.notFound, status: null };
  if (error instanceof BulkFailure) return { code: EXIT.partial, status: null, silent: true };
  // The differences were the output; diff(1)'s exit 1.
  if (error instanceof DifferencesFound) return { code: EXIT.failure, status: null, silent: true };
  if (error instanceof InterruptedError) return { code: EXIT.interrupted, status: null };
  if (error instanceof NetworkError || error instanceof WaitTimedOut) return { code: EXIT.network, status: null };
  if (error instanceof ConfigError || error instanceof CommandFailedError) return { code: EXIT.failure, status: null };
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && code.startsWith('commander.')) {
    if (code === 'commander.helpDisplayed' || code === 'commander.version')
      return { code: EXIT.ok, status: null, silent: true };
    if (code === 'commander.help') return { code: EXIT.usage, status: null, silent: true };
    return { code: EXIT.usage, status: null };
  }
  return { code: EXIT.failure, status: null };
}

export function exitCodeForApiError(kind: ApiError['kind'], status: number | null): number {
  switch (kind) {
    case 'unauthorized':
    case 'forbidden':
      return EXIT.auth;
    case 'not_found':
      return EXIT.notFound;
    case 'validation':
      return EXIT.validation;
    case 'rate_limited':
      return EXIT.rateLimited;
    case 'server':
    case 'network':
    case 'timeout':
    case 'bad_response':
    case 'outcome_unknown':
      return EXIT.network;
  }
  return status === 400 ? EXIT.validation : EXIT.failure;
}

async function reportError(error: unknown, io: IO, argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const report = classifyError(error);
  if (report.silent) return report.code;
  const { debugStack, errorLines, errorJsonLine } = await import('../output/error-line.js');
  // One line: commander's parse errors arrive already told as one (src/commands/parse-errors.ts);
  // one it did not foresee still carries its "error: " prefix.
  const text = (error instanceof Error ? error.message : String(error)).replace(/^error:\s*/i, '');
  const message = text.split('\n')[0]! || 'failed';
  const { errors, explainedErrors } = error as {
    errors?: Record<string, string[]>;
    explainedErrors?: Record<string, string[]>;
  };
  const entry = { message, status: report.status, exitCode: report.code, errors, explainedErrors };
  io.error(errorLines(entry));
  // The JSON error line is for a program reading stderr; a person at a terminal reads the error once.
  if (!io.stderrIsTTY && isMachineReadable(requestedFormat(argv, env))) io.error(errorJsonLine(entry));
  const debug = argv.includes('--debug') || ['1', 'true', 'api'].includes(env.PWCTL_DEBUG ?? '');
  if (debug && error instanceof Error && error.stack && report.code === EXIT.failure) io.error(debugStack(error));
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
  // --jq without -o means the JSON it filters.
  if (argv.some((arg) => arg === '--jq' || arg.startsWith('--jq='))) return JQ_DEFAULT_FORMAT;
  return env.PWCTL_OUTPUT ?? DEFAULT_OUTPUT_FORMAT;
}
