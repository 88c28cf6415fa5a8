// The signals that ask a run to stop, as opposed to killing it outright: Ctrl-C (SIGINT), `kill`
// and service managers (SIGTERM), and a terminal that went away (SIGHUP: the window closed, the
// ssh connection dropped). Wherever a run cleans up as it stops (export's staged files, bulk
// work, a listener's summary and inbox, the MCP server's calls in flight) all three are handled
// alike, so none of them ends the process by its default action with the work half done.
// (Node sets every signal back to its default when it starts, so `nohup` does not keep SIGHUP
// from a Node process: handling it changes nothing for a run started that way.)
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Call `handler` on a stop signal (with `once`, the first of each kind only: the next one then
 * ends the process the default way); returns what removes it.
 */
export function onStopSignals(handler: (signal: NodeJS.Signals) => void, options: { once?: boolean } = {}): () => void {
  for (const signal of STOP_SIGNALS) {
    if (options.once) process.once(signal, handler);
    else process.on(signal, handler);
  }
  return () => {
    for (const signal of STOP_SIGNALS) process.removeListener(signal, handler);
  };
}
