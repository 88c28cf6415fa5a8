// The sandbox behind the global --sandbox flag: started in-process on a loopback ephemeral
// port for one command, acting as the team manager, with its state in a file.
// Two pwctl processes using the same state file at once do not see each other's changes;
// the last one to exit wins.
import { startSandbox } from './index.js';
import { newAuthState } from './auth.js';
import { loadStateFile, writeStateFile } from './persist.js';
import { seedData } from './seed.js';
import { STATE_VERSION } from './state.js';
import type { SandboxOptions } from './types.js';

export interface EmbeddedSandbox {
  baseUrl: string;
  /** The manager's token. */
  token: string;
  /** Flushes pending webhook deliveries, saves the state, stops the server. */
  close(): Promise<void>;
}

export async function startEmbeddedSandbox(
  opts: { statePath: string } & Omit<SandboxOptions, 'statePath' | 'port' | 'host'>,
): Promise<EmbeddedSandbox> {
  const sandbox = await startSandbox({ ...opts, port: 0, host: '127.0.0.1' });
  return { baseUrl: sandbox.baseUrl, token: sandbox.tokens.manager, close: () => sandbox.close() };
}

/** Restore the demo data in the state file, keeping its tokens (and OAuth logins). */
export async function resetEmbeddedSandbox(statePath: string): Promise<void> {
  let auth: NonNullable<ReturnType<typeof loadStateFile>>['auth'] | undefined;
  try {
    auth = loadStateFile(statePath)?.auth;
  } catch {
    // An unreadable or corrupt state file is exactly what a reset is for.
  }
  auth ??= newAuthState();
  writeStateFile(statePath, { version: STATE_VERSION, auth, ...seedData('demo') });
}
