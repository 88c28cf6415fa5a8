// The local sandbox of the service: every verb, declared once.
import { bind, nounBody, verb } from '../declare.js';
import { count, flag, oneOf, path, port, seconds, text } from '../flags.js';

export const serve = verb({
  name: 'serve',
  summary: 'run the sandbox server; prints its base URL and one token per role',
  flags: () => ({
    port: port('--port', 'port to listen on (0 picks a free one)', { default: 0 }),
    host: text('--host', 'address to bind', { default: '127.0.0.1', nonEmpty: true, placeholder: '<addr>' }),
    state: path('--state', 'persist state as JSON in this file across restarts', { placeholder: '<file>' }),
    seed: oneOf('--seed', ['demo', 'empty'], 'initial data', { default: 'demo', placeholder: '<name>' }),
    rateLimit: count('--rate-limit', 'requests per window per user (per IP when unauthenticated)', { default: 60 }),
    rateWindow: seconds('--rate-window', 'rate-limit window in seconds', { default: 60 }),
    extraSteps: count('--extra-steps', 'add this many generated open tasks (for load tests)', { max: 1_000_000 }),
    controlApi: flag(
      '--control-api',
      'expose /_sandbox/* endpoints: request log, fault injection, reset (tests and benchmarks)',
    ),
  }),
  examples: [
    'pwctl sandbox serve --port 8080 -o json',
    'pwctl sandbox serve --port 0 --rate-limit 600 --state sandbox.json',
  ],
  effects: { offline: true },
});

export const reset = verb({
  name: 'reset',
  summary: 'restore the demo data of the embedded sandbox (--sandbox)',
  flags: () => ({}),
  examples: ['pwctl sandbox reset'],
  effects: { offline: true, prints: 'text' },
});

export const sandbox = nounBody({
  examples: ['pwctl sandbox serve --port 8080 -o json', 'pwctl --sandbox steps list', 'pwctl sandbox reset'],
  commands: [bind(serve, () => import('./serve.js')), bind(reset, () => import('./reset.js'))],
});
