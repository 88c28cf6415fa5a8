// The flag every bulk verb takes: how many items are in flight at once.
import { BULK_CONCURRENCY, MAX_BULK_CONCURRENCY } from '../bulk/bulk-options.js';
import { count } from './flags.js';

export const CONCURRENCY = count(
  '--concurrency',
  `items in flight at once, 1-${MAX_BULK_CONCURRENCY}; the service's rate limit is respected either way`,
  {
    max: MAX_BULK_CONCURRENCY,
    defaultText: String(BULK_CONCURRENCY),
    field: false,
  },
);
