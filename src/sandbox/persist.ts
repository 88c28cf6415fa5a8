// The state file: read once at start, written (debounced, atomically) after changes.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { STATE_VERSION, type SandboxState } from './state.js';

/** The saved state, or null when there is no file yet. */
export function loadStateFile(path: string): SandboxState | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let state: unknown;
  try {
    state = JSON.parse(text);
  } catch {
    throw new Error(`sandbox state file ${path} is not valid JSON; delete it or run \`pwctl sandbox reset\``);
  }
  if ((state as { version?: unknown } | null)?.version !== STATE_VERSION) {
    throw new Error(`sandbox state file ${path} has an unknown format; delete it or run \`pwctl sandbox reset\``);
  }
  return state as SandboxState;
}

/** Write via a temporary file and rename, so a crash never leaves half a file. Mode 0600:
 * the file holds the sandbox's bearer tokens. */
export function writeStateFile(path: string, state: SandboxState): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(state), { mode: 0o600 });
  renameSync(temp, path);
}

export class StateWriter {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly path: string,
    private readonly getState: () => SandboxState,
    private readonly delayMs = 200,
  ) {}

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.delayMs);
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    writeStateFile(this.path, this.getState());
  }
}
