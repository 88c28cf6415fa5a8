// --concurrency for the bulk verbs. It lives apart from the runner because index files import
// it on the start-up path; the value is checked as commander parses it, so a bad one exits 2
// before a confirmation prompt or any request.
import { Option } from 'commander';
import { parseCount } from '../../validate.js';

/** Default parallelism: enough to hide latency, few enough to stay polite within the rate limit. */
export const BULK_CONCURRENCY = 8;
export const MAX_BULK_CONCURRENCY = 32;

export interface BulkFlags {
  concurrency?: number;
}

export function concurrencyOption(): Option {
  return new Option(
    '--concurrency <n>',
    `items in flight at once, 1-${MAX_BULK_CONCURRENCY} (default ${BULK_CONCURRENCY}); the service's rate limit is respected either way`,
  ).argParser((value: string) => parseCount(value, '--concurrency', MAX_BULK_CONCURRENCY));
}
