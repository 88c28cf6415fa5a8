// The config file says where the token goes (a profile's base_url) and holds the token
// itself, so a config directory or file that someone else owns or can write is refused, as
// ssh refuses such a ~/.ssh: a config.json planted in a shared, world-writable directory
// would otherwise send the user's PWCTL_TOKEN to the planter's server. Readable by others is
// not refused: pwctl makes the directory and file private on its next write. Not checked on
// Windows, where modes and owners mean something else.
import { statSync } from 'node:fs';

/** Why the store at `dir` (with `file` in it) must not be used, as one sentence; undefined when it may. */
export function unsafeStoreProblem(dir: string, file: string): string | undefined {
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return undefined;
  const uid = process.getuid();
  return problemOf('config directory', dir, uid, 'chmod 700') ?? problemOf('config file', file, uid, 'chmod 600');
}

/**
 * The same rule for another private directory of pwctl's (the delivery inbox): `risk` says
 * what someone who controls it could do, `elsewhere` how to use another one.
 */
export function unsafeDirectoryProblem(what: string, dir: string, risk: string, elsewhere: string): string | undefined {
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return undefined;
  return problemOf(what, dir, process.getuid(), 'chmod 700', risk, elsewhere);
}

function problemOf(
  what: string,
  path: string,
  uid: number,
  chmod: string,
  risk = 'who could make it send your token anywhere',
  elsewhere = 'PWCTL_CONFIG_DIR',
): string | undefined {
  let info: ReturnType<typeof statSync>;
  try {
    info = statSync(path);
  } catch {
    // Missing (created private when first needed) or unreadable (reading it says so).
    return undefined;
  }
  const shown = JSON.stringify(path);
  if (info.uid !== uid && info.uid !== 0) {
    return `${what} ${shown} belongs to another user (uid ${info.uid}), ${risk}; use one of your own (${elsewhere}) or take it over (chown ${uid} ${shown})`;
  }
  const writable = [info.mode & 0o020 ? 'its group' : '', info.mode & 0o002 ? 'others' : '']
    .filter(Boolean)
    .join(' and ');
  if (writable) {
    return `${what} ${shown} is writable by ${writable}, ${risk}; fix it with ${chmod} ${shown}`;
  }
  return undefined;
}
