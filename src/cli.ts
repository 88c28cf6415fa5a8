// The entry point: parse, run, and map every error to the contract's exit codes — the
// only place that decides an exit code. `--version` is answered before anything else loads.
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
  guardPipes();
  const { runProgram } = await import('./program.js');
  const code = await runProgram(argv, process.env);
  await exitAfterFlush(code);
}

/** `pwctl … | head -1`: a closed pipe ends the run quietly, never with a stack trace. */
function guardPipes(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  process.stderr.on('error', () => {});
}

async function exitAfterFlush(code: number): Promise<void> {
  // Wait until stdout has handed everything to the OS (pipes are asynchronous on some
  // platforms), then exit without waiting for idle keep-alive sockets or timers.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
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
  const e = error as { name?: string; code?: string; exitCode?: number; kind?: string; status?: number | null };
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
    case 'ExitError':
      return { code: e.exitCode ?? EXIT.failure, status: null };
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
