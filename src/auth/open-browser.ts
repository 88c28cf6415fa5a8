// Opening the sign-in page in the user's browser, without handing the browser our secrets.

/** Variables a browser (or xdg-open, or anything they start) must never inherit. */
const SECRET_ENV = ['PWCTL_TOKEN', 'PWCTL_WEBHOOK_SECRET'];

/** Whether a graphical browser can plausibly be opened: on Linux and BSDs that needs a display. */
export function hasDisplay(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  if (env.WSL_DISTRO_NAME) return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** Open `url`; false when no browser could be started. */
export async function openBrowser(url: string): Promise<boolean> {
  const { default: open } = await import('open');
  // `open` spawns xdg-open/open/PowerShell with process.env and offers no env option, so the
  // secrets leave process.env for exactly the time it takes to spawn.
  const saved = new Map<string, string>();
  for (const name of SECRET_ENV) {
    const value = process.env[name];
    if (value !== undefined) {
      saved.set(name, value);
      delete process.env[name];
    }
  }
  try {
    await open(url);
    return true;
  } catch {
    return false;
  } finally {
    for (const [name, value] of saved) process.env[name] = value;
  }
}
