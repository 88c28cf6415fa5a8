// The secrets a receiver verifies with: fixed ones (--secret, --secret-file, PWCTL_WEBHOOK_SECRET) and the
// ones stored for the profile, which are re-read when the config file changes so a
// subscription created while `listen` runs verifies without a restart.
import { createSecretKey } from 'node:crypto';
import { isWellFormedSignature, matchSignature, type SigningKey } from './signature.js';

export interface KnownSecret {
  secret: string;
  /** Known for secrets stored by `webhooks create`. */
  subscriptionId?: number;
  /** The service the subscription belongs to (config/service-key.ts), for secrets stored by `webhooks create`. */
  service?: string;
  event?: string;
  /** Where it came from, for messages: '--secret', '--secret-file', 'PWCTL_WEBHOOK_SECRET', 'profile default'. */
  source: string;
}

export interface StoredSecrets {
  /** Cheap token that changes whenever the stored secrets may have changed (file mtime and size). */
  version(): string;
  load(): KnownSecret[];
}

/** How often a successful delivery may trigger a look at the config file; a failed match always looks. */
const RECHECK_INTERVAL_MS = 1_000;

export class SigningSecrets {
  #stored: KnownSecret[] = [];
  #entries: KnownSecret[] = [];
  #keys: SigningKey[] = [];
  #version: string | undefined;
  #checkedAt = 0;

  constructor(
    readonly fixed: readonly KnownSecret[],
    readonly source?: StoredSecrets,
    readonly now: () => number = Date.now,
  ) {
    this.#rebuild();
    this.refresh();
  }

  get entries(): readonly KnownSecret[] {
    return this.#entries;
  }

  /** The secret that signed `body`, or undefined. */
  match(body: Buffer, signature: string | undefined): KnownSecret | undefined {
    const time = this.now();
    if (time - this.#checkedAt >= RECHECK_INTERVAL_MS) this.refresh(time);
    let index = matchSignature(body, signature, this.#keys);
    // A miss may be a subscription created a moment ago: look at the file before rejecting.
    if (index < 0 && isWellFormedSignature(signature) && this.refresh(time))
      index = matchSignature(body, signature, this.#keys);
    return index < 0 ? undefined : this.#entries[index];
  }

  /** Re-read the stored secrets if the file changed; true when something was reloaded. */
  refresh(time = this.now()): boolean {
    this.#checkedAt = time;
    if (!this.source) return false;
    let version: string;
    try {
      version = this.source.version();
    } catch {
      return false;
    }
    if (version === this.#version) return false;
    this.#load(version);
    return true;
  }

  #load(version: string): void {
    try {
      this.#stored = this.source!.load();
      this.#version = version;
    } catch {
      // A config file caught mid-edit by hand: keep the secrets we had and look again later.
      this.#version = undefined;
    }
    this.#rebuild();
  }

  #rebuild(): void {
    // Stored secrets first: they know their subscription and event.
    const seen = new Set<string>();
    this.#entries = [...this.#stored, ...this.fixed].filter((entry) => {
      if (entry.secret === '' || seen.has(entry.secret)) return false;
      seen.add(entry.secret);
      return true;
    });
    this.#keys = this.#entries.map((entry) => createSecretKey(Buffer.from(entry.secret, 'utf8')));
  }
}
