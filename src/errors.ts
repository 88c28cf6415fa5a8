// Errors that are not about HTTP. Each class stands for one exit-code family; the mapping
// itself lives only in src/cli.ts.

/** Bad flags or arguments, or input rejected locally before any request (exit 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Several mistakes found in one input before any request (the rows of an import): the
 * message is one line saying how many, and `errors` lists each by where it is
 * (`line 5` → its problems), printed one `  <where>: <problem>` line each as a 422's field
 * errors are, and carried in the JSON error line (exit 2).
 */
export class InputErrors extends UsageError {
  override name = 'InputErrors';
  constructor(
    message: string,
    readonly errors: Record<string, string[]>,
  ) {
    super(message);
  }
}

/**
 * A record the user named is not among those the service shows them, found out by reading
 * lists rather than from a 404 (a project or phase, which the API has no endpoint for): exit 3.
 */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** No token configured, or the stored credentials can no longer be used (exit 4). */
export class AuthRequiredError extends Error {
  override name = 'AuthRequiredError';
}

/** The config file cannot be read as JSON (exit 1). The message names the file, never its contents. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A bulk verb finished with failures; the per-item results were already printed (exit 8). */
export class BulkFailure extends Error {
  override name = 'BulkFailure';
  constructor(
    readonly failed: number,
    readonly total: number,
  ) {
    super(`${failed} of ${total} items failed`);
  }
}

/** The user interrupted the run (Ctrl-C); what was done has been reported (exit 130). */
export class InterruptedError extends Error {
  override name = 'InterruptedError';
}

/** How a sentence ends when a command stopped before it sent anything. */
export const NOTHING_SENT = 'nothing was sent';

/**
 * What a person is told when they stop a command before it sends anything, the same words
 * wherever it happens: Ctrl-C at a prompt (exit 130), a declined confirmation (exit 2), an
 * edit left empty.
 */
export const CANCELLED = `cancelled; ${NOTHING_SENT}`;

/**
 * A command that could not do what was asked, for a reason it can state and that is not
 * a usage error, an API error or a bug: a signature that does not verify, a port in use,
 * a receiver that answered non-2xx (exit 1, never a stack trace).
 */
export class CommandFailedError extends Error {
  override name = 'CommandFailedError';
}

/**
 * `docs diff` found differences and has printed them: exit 1 as diff(1) has it, with no
 * `error:` line (nothing went wrong).
 */
export class DifferencesFound extends Error {
  override name = 'DifferencesFound';
}

/**
 * A wait that did not see what it waited for in the time it was given (`steps wait
 * --wait-timeout`): exit 7, the contract's code for a timeout.
 */
export class WaitTimedOut extends Error {
  override name = 'WaitTimedOut';
}

/** A network failure talking to something other than the service's API (a webhook receiver): exit 7. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}
