// The operating system's credential store (Secret Service on Linux, Keychain on macOS,
// Credential Manager on Windows) through @napi-rs/keyring. It is a native module: loaded
// only here, and this module only by the commands that read or store a token.
//
// On Linux the entry is pinned to the Secret Service: left to choose, the library falls
// back to the kernel keyring, which forgets everything at reboot. Pinned, it throws at once
// when there is no session bus; on a locked collection reading may instead answer "no
// item". Both mean there is no keyring this process can use.

/** Items are named service "pwctl", account <the reference kept in the profile>. */
export const KEYRING_SERVICE = 'pwctl';

/** No keyring this process can use; `reason` is short and safe to show ("no D-Bus session bus"). */
export class KeyringUnusableError extends Error {
  override name = 'KeyringUnusableError';
  constructor(readonly reason: string) {
    super(`no usable OS keyring (${reason})`);
  }
}

export interface KeyringItem {
  /** The stored value; undefined when there is none (or a locked collection hides it). */
  read(): Promise<string | undefined>;
  write(value: string): Promise<void>;
  /** false when there was nothing to remove. */
  remove(): Promise<boolean>;
}

type Binding = typeof import('@napi-rs/keyring');
type AsyncEntry = import('@napi-rs/keyring').AsyncEntry;

/**
 * The binding: the npm package, or in the standalone executable, which carries the addon
 * itself and has no node_modules, what its launcher loads (scripts/executable/launcher.cjs).
 */
async function loadBinding(): Promise<Binding> {
  const fromExecutable = (globalThis as Record<symbol, (() => Binding) | undefined>)[Symbol.for('pwctl.keyring')];
  return fromExecutable ? fromExecutable() : await import('@napi-rs/keyring');
}

/** The item of `account`, or KeyringUnusableError. */
export async function openKeyringItem(account: string): Promise<KeyringItem> {
  let entry: AsyncEntry;
  try {
    const { AsyncEntry } = await loadBinding();
    entry = new AsyncEntry(KEYRING_SERVICE, account, { linux: { store: 'secret-service' } });
  } catch (error) {
    throw unusable(error);
  }
  const guard = async <T>(step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      throw unusable(error);
    }
  };
  return {
    read: () => guard(async () => (await entry.getPassword()) ?? undefined),
    write: (value) => guard(() => entry.setPassword(value)),
    remove: () => guard(() => entry.deleteCredential()),
  };
}

/**
 * Store `value` as the item of `account` and read it back: a keyring that accepts a write
 * but cannot return it (a locked collection) is no use for a token.
 */
export async function writeVerified(account: string, value: string): Promise<KeyringItem> {
  const item = await openKeyringItem(account);
  await item.write(value);
  if ((await item.read()) !== value) {
    await item.remove().catch(() => false);
    throw new KeyringUnusableError('the keyring is locked');
  }
  return item;
}

/** A short reason from the library's message, which names D-Bus and store errors but never a secret. */
function unusable(error: unknown): KeyringUnusableError {
  if (error instanceof KeyringUnusableError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (
    (error as { code?: string })?.code === 'ERR_MODULE_NOT_FOUND' ||
    /Cannot find (module|native binding)/i.test(message)
  ) {
    return new KeyringUnusableError('the keyring module is not installed for this platform');
  }
  if (
    /DBUS_SESSION_BUS_ADDRESS|autolaunch|session bus|Failed to connect to socket|No such file or directory/i.test(
      message,
    )
  ) {
    return new KeyringUnusableError('no D-Bus session bus');
  }
  if (/locked|unlock|prompt/i.test(message)) return new KeyringUnusableError('the keyring is locked');
  if (/org\.freedesktop\.secrets|ServiceUnknown|was not provided by any/i.test(message))
    return new KeyringUnusableError('no Secret Service on the session bus');
  const firstLine = message.split('\n')[0]!.replace(/[^\x20-\x7e]/g, '?');
  return new KeyringUnusableError(firstLine.length > 120 ? `${firstLine.slice(0, 119)}…` : firstLine);
}
