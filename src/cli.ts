// The entry point: parse, run, and map every error to the contract's exit codes — the
// only place that decides an exit code. `pwctl --version` alone never gets here: the bin
// shim answers it. Everything on the path to `--help` is imported statically, so esbuild
// puts it in this one entry file; each verb and heavy library is a separate lazy chunk.
import { stdoutOpened } from './io.js';
import { buildProgram, runProgram } from './program.js';
import { VERSION } from './version.js';

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
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  const code = await runProgram(argv, process.env);
  await exitAfterFlush(code);
}

/** The command tree as data for the shell completer: the build writes it to dist/completion-tree.json. */
export async function completionTree(): Promise<unknown> {
  const [{ buildCompletionTree }, { TOPICS }] = await Promise.all([import('./completion/tree.js'), import('./commands/help/topics.js')]);
  const program = buildProgram({
    context: () => {
      throw new Error('the completion tree is only read, never run');
    },
  });
  return buildCompletionTree(program, { helpTopics: Object.keys(TOPICS) });
}

async function exitAfterFlush(code: number): Promise<void> {
  // Wait until stdout has handed everything to the OS (pipes are asynchronous on some
  // platforms), then exit without waiting for idle keep-alive sockets or timers. A run
  // that never opened process.stdout (help) has nothing to flush.
  if (stdoutOpened()) await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(code);
}

export interface ExitReport {
  code: number;
  status: number | null;
  /** Nothing to print: the command already said everything (bulk summaries, help). */
  silent?: boolean;
}

/** Map any error to its exit code. Kept free of imports of heavy modules: it inspects names and fields. */
export function classifyError(error: unknown): ExitReport {
  const e = error as { name?: string; code?: string; kind?: string; status?: number | null };
  // Commander's errors are recognised by their code: bundling may rename the class.
  if (typeof e?.code === 'string' && e.code.startsWith('commander.')) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return { code: EXIT.ok, status: null, silent: true };
    if (e.code === 'commander.help') return { code: EXIT.usage, status: null, silent: true };
    return { code: EXIT.usage, status: null };
  }
  switch (e?.name) {
    case 'UsageError':
      return { code: EXIT.usage, status: null };
    case 'AuthRequiredError':
      return { code: EXIT.auth, status: null };
    case 'ConfigError':
      return { code: EXIT.failure, status: null };
    case 'BulkFailure':
      return { code: EXIT.partial, status: null, silent: true };
    case 'InterruptedError':
      return { code: EXIT.interrupted, status: null };
    case 'CommandFailedError':
      return { code: EXIT.failure, status: null };
    case 'NetworkError':
      return { code: EXIT.network, status: null };
    case 'ApiError':
      return { code: exitCodeForApiError(e.kind ?? '', e.status ?? null), status: e.status ?? null };
  }
  return { code: EXIT.failure, status: null };
}

export function exitCodeForApiError(kind: string, status: number | null): number {
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
  if (status === 400) return EXIT.validation;
  return EXIT.failure;
}
