import { join } from 'node:path';

/**
 * The default config directory: the one the conf library picks for project "pwctl" (env-paths
 * with a "-nodejs" suffix), where pwctl has always kept its store, in the run's home directory.
 */
export function defaultConfigDir(env: NodeJS.ProcessEnv, platform = process.platform): string {
  const name = 'pwctl-nodejs';
  const home = homeDir(env, platform);
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', name);
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), name, 'Config');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), name);
}

/**
 * The run's home directory: HOME (USERPROFILE on Windows), as os.homedir() reads it, which
 * is asked only when it is unset (node:os is not loaded otherwise).
 */
function homeDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  return (platform === 'win32' ? env.USERPROFILE : env.HOME) || process.getBuiltinModule('node:os').homedir();
}

export function configDir(env: NodeJS.ProcessEnv): string {
  return env.PWCTL_CONFIG_DIR && env.PWCTL_CONFIG_DIR !== '' ? env.PWCTL_CONFIG_DIR : defaultConfigDir(env);
}

export const CONFIG_FILE_NAME = 'config.json';

/**
 * Where pwctl keeps data that is not configuration (the webhook delivery inbox):
 * PWCTL_DATA_DIR; else, when PWCTL_CONFIG_DIR moves the config store, a `data` directory
 * inside it, so that one variable keeps a whole pwctl world apart (a CI job, a test); else
 * the OS data directory env-paths names for project "pwctl" (as the config directory).
 */
export function dataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.PWCTL_DATA_DIR) return env.PWCTL_DATA_DIR;
  if (env.PWCTL_CONFIG_DIR) return join(env.PWCTL_CONFIG_DIR, 'data');
  const name = 'pwctl-nodejs';
  const home = homeDir(env, platform);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', name);
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), name, 'Data');
  return join(env.XDG_DATA_HOME ?? join(home, '.local', 'share'), name);
}
