// Opening the sign-in page in the user's browser, without handing the browser our secrets.
// $BROWSER, when set, is the user's choice (as for gh, git and Python's webbrowser): a list of
// commands separated by the path separator, each given the URL in place of `%s` or after its
// arguments, the first that starts wins. Otherwise the platform's opener (`open`).
import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';
import { childEnv, withoutSecretsInProcessEnv } from '../child-env.js';

/** Whether a browser can plausibly be opened: $BROWSER names one; on Linux and BSDs a graphical one needs a display. */
export function hasDisplay(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): boolean {
  if (env.BROWSER?.trim()) return true;
  if (platform === 'darwin' || platform === 'win32') return true;
  if (env.WSL_DISTRO_NAME) return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** Open `url`; false when no browser could be started. */
export async function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const chosen = env.BROWSER?.trim();
  if (chosen) {
    for (const command of chosen.split(delimiter).filter((c) => c.trim() !== '')) {
      if (await startBrowser(browserArgv(command, url), env)) return true;
    }
    return false;
  }
  const { default: open } = await import('open');
  // `open` spawns xdg-open/open/PowerShell with process.env and offers no env option.
  try {
    await withoutSecretsInProcessEnv(() => open(url));
    return true;
  } catch {
    return false;
  }
}

/** One $BROWSER entry as argv: split on blanks (quotes are not interpreted), the URL for `%s` or last. */
export function browserArgv(command: string, url: string): string[] {
  const words = command.trim().split(/\s+/);
  return words.some((w) => w.includes('%s')) ? words.map((w) => w.replaceAll('%s', url)) : [...words, url];
}

/**
 * Start the browser on this terminal (a text browser such as w3m needs it) without waiting
 * for it to exit: the sign-in ends when the service redirects back, not when the browser closes.
 */
function startBrowser([file, ...args]: string[], env: NodeJS.ProcessEnv): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(file!, args, { stdio: 'inherit', env: childEnv(env) });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
