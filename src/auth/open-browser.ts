// Opening the sign-in page in the user's browser, without handing the browser our secrets.
import { withoutSecretsInProcessEnv } from '../child-env.js';

/** Whether a graphical browser can plausibly be opened: on Linux and BSDs that needs a display. */
export function hasDisplay(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  if (env.WSL_DISTRO_NAME) return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** Open `url`; false when no browser could be started. */
export async function openBrowser(url: string): Promise<boolean> {
  const { default: open } = await import('open');
  // `open` spawns xdg-open/open/PowerShell with process.env and offers no env option.
  try {
    await withoutSecretsInProcessEnv(() => open(url));
    return true;
  } catch {
    return false;
  }
}
