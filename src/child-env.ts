// The environment of a program pwctl starts for the user (the pager, the editor, the browser,
// and whatever they start in turn): pwctl's own, without pwctl's secrets. A pager plugin, an
// editor extension or a browser helper has no business with the token or a signing secret.

/** Variables that hold pwctl's secrets. */
const SECRET_ENV = ['PWCTL_TOKEN', 'PWCTL_WEBHOOK_SECRET'];

/** A copy of `env` for a child program: everything but pwctl's secrets. */
export function childEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const name of SECRET_ENV) delete copy[name];
  return copy;
}

/**
 * Run `start` with the secrets out of process.env, for a library that spawns with
 * process.env and takes no environment of its own (`open`): they are gone for exactly the
 * time it takes to start the program, and put back after.
 */
export async function withoutSecretsInProcessEnv<T>(start: () => Promise<T>): Promise<T> {
  const saved = new Map<string, string>();
  for (const name of SECRET_ENV) {
    const value = process.env[name];
    if (value !== undefined) {
      saved.set(name, value);
      delete process.env[name];
    }
  }
  try {
    return await start();
  } finally {
    for (const [name, value] of saved) process.env[name] = value;
  }
}
