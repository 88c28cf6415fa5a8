// What each exit code means, for people and programs: `pwctl help exit-codes` (its table is
// generated from this list into docs/guide/exit-codes.md by `npm run docs`), `pwctl help
// --json` and the man pages. The codes themselves are main.ts's EXIT, the one place that
// decides them; test/unit/generated-docs.test.ts checks that this list names each once.

export interface ExitCodeDoc {
  code: number;
  meaning: string;
}

export const EXIT_CODES: readonly ExitCodeDoc[] = [
  { code: 0, meaning: 'success' },
  {
    code: 1,
    meaning:
      'unexpected failure (also a corrupt config file, or a config store another process keeps locked); `docs diff`: the files differ (nothing is printed on stderr but the summary; `docs diff --quiet` prints nothing at all); `webhooks verify`: the signature is not valid',
  },
  { code: 2, meaning: 'usage error: bad flags or arguments, or input rejected locally before any request' },
  { code: 3, meaning: 'not found (404)' },
  { code: 4, meaning: "authentication or permission (401, 403; a proxy's 407), or no token configured" },
  { code: 5, meaning: "rejected by the service's validation (422)" },
  { code: 6, meaning: 'rate limited (429) after retries were exhausted' },
  {
    code: 7,
    meaning:
      'network failure, timeout, or 5xx after retries were exhausted; also a create whose outcome is unknown because the connection broke after it was sent, and a list whose next links go round in circles or do not end within --max-pages; `steps wait` that did not see its state within --wait-timeout',
  },
  { code: 8, meaning: 'bulk verb: at least one item failed (and the batch had more than one item)' },
  { code: 130, meaning: 'interrupted (Ctrl-C); what was done has been reported' },
];
