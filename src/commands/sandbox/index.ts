import { type Command, Option } from 'commander';
import { parseCount, parseTimeoutSeconds } from '../../validate.js';
import { action, type Session } from '../action.js';

export interface ServeOptions {
  port?: string;
  host?: string;
  state?: string;
  seed?: 'demo' | 'empty';
  rateLimit?: string;
  rateWindow?: string;
  extraSteps?: string;
  controlApi?: boolean;
}

export function registerSandbox(program: Command, session: Session): void {
  const sandbox = program
    .command('sandbox')
    .description('a faithful local copy of the service, for trying scripts and building integrations');

  sandbox
    .command('serve')
    .description('run the sandbox server; prints its base URL and one token per role')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '0')
    .option('--host <addr>', 'address to bind', '127.0.0.1')
    .option('--state <file>', 'persist state as JSON in this file across restarts')
    .addOption(new Option('--seed <name>', 'initial data').choices(['demo', 'empty']).default('demo'))
    .option('--rate-limit <n>', 'requests per window per user (per IP when unauthenticated)', '60')
    .option('--rate-window <s>', 'rate-limit window in seconds', '60')
    .option('--extra-steps <n>', 'add this many generated open tasks (for load tests)')
    .option('--control-api', 'expose /_sandbox/* endpoints: request log, fault injection, reset (tests and benchmarks)')
    .action(action(session, async (ctx, opts: ServeOptions) => {
      const port = opts.port === '0' ? 0 : parseCount(opts.port ?? '0', '--port', 65535);
      const rateLimit = parseCount(opts.rateLimit ?? '60', '--rate-limit');
      const rateWindowSec = parseTimeoutSeconds(opts.rateWindow ?? '60', '--rate-window');
      const extraSteps = opts.extraSteps === undefined ? undefined : parseCount(opts.extraSteps, '--extra-steps', 1_000_000);
      const { serveSandbox } = await import('../../sandbox/serve.js');
      await serveSandbox({
        port,
        host: opts.host,
        statePath: opts.state,
        seed: opts.seed,
        rateLimit,
        rateWindowSec,
        extraSteps,
        controlApi: opts.controlApi === true,
        format: ctx.settings.output,
        stdout: { write: (text) => ctx.io.out(ctx.io.stdoutText(text)) },
        stderr: { write: (text) => ctx.io.error(text) },
      });
    }));

  sandbox
    .command('reset')
    .description('restore the demo data of the embedded sandbox (--sandbox)')
    .action(action(session, async (ctx) => {
      const { resetEmbeddedSandbox } = await import('../../sandbox/embedded.js');
      await resetEmbeddedSandbox(ctx.store.filePath('sandbox-state.json'));
      ctx.io.notice('✓ embedded sandbox reset to the demo data');
    }));
}
