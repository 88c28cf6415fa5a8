// How much an inbox keeps (`listen --inbox-size`, `--inbox-bytes`). Data only: the
// declarations import it at start-up.
export const DEFAULT_INBOX_SIZE = 10_000;
export const MAX_INBOX_SIZE = 1_000_000;
/** Bytes on disk: far above what the newest 10,000 ordinary deliveries take (~30 MB), far below a flood of forged 1 MiB bodies (13 GB). */
export const DEFAULT_INBOX_BYTES = 512 * 1024 * 1024;
/** A segment is started anew at this many bytes even when it holds fewer deliveries than its share. */
export const MIN_INBOX_BYTES = 1024 * 1024;
