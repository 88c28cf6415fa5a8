import { describe, expect, it } from 'vitest';
import { SigningSecrets, type KnownSecret, type StoredSecrets } from '../../src/webhooks/signing-secrets.js';
import { signBody } from '../../src/webhooks/signature.js';

function fakeStore(initial: KnownSecret[]): StoredSecrets & { set(secrets: KnownSecret[]): void; loads: number } {
  let secrets = initial;
  let version = 1;
  const store = {
    loads: 0,
    version: () => String(version),
    load: () => {
      store.loads++;
      return secrets;
    },
    set(next: KnownSecret[]) {
      secrets = next;
      version++;
    },
  };
  return store;
}

const body = Buffer.from('{"id":1}');

describe('SigningSecrets', () => {
  it('names the stored subscription and event of the secret that verified', () => {
    const store = fakeStore([
      { secret: 'stored', subscriptionId: 92, event: 'task.completed', source: 'profile default' },
    ]);
    const secrets = new SigningSecrets([{ secret: 'flag', source: '--secret' }], store);
    expect(secrets.match(body, signBody('stored', body))).toMatchObject({
      subscriptionId: 92,
      event: 'task.completed',
    });
    const flagged = secrets.match(body, signBody('flag', body));
    expect(flagged?.source).toBe('--secret');
    expect(flagged?.subscriptionId).toBeUndefined();
    expect(secrets.match(body, signBody('nope', body))).toBeUndefined();
  });

  it('prefers the stored entry when a --secret repeats a stored secret', () => {
    const store = fakeStore([{ secret: 'same', subscriptionId: 5, event: 'task.created', source: 'profile default' }]);
    const secrets = new SigningSecrets([{ secret: 'same', source: '--secret' }], store);
    expect(secrets.entries).toHaveLength(1);
    expect(secrets.match(body, signBody('same', body))?.subscriptionId).toBe(5);
  });

  it('picks up a secret stored after it started, on the first delivery it signs', () => {
    const store = fakeStore([]);
    let now = 0;
    const secrets = new SigningSecrets([], store, () => now);
    const signature = signBody('new', body);
    expect(secrets.match(body, signature)).toBeUndefined();
    store.set([{ secret: 'new', subscriptionId: 93, event: 'task.tags_updated', source: 'profile default' }]);
    now += 10; // well within the recheck interval: the miss itself triggers the look
    expect(secrets.match(body, signature)?.subscriptionId).toBe(93);
  });

  it('forgets a deleted secret once the file changes', () => {
    const store = fakeStore([{ secret: 'old', subscriptionId: 1, source: 'profile default' }]);
    let now = 0;
    const secrets = new SigningSecrets([], store, () => now);
    expect(secrets.match(body, signBody('old', body))).toBeDefined();
    store.set([]);
    now += 5_000;
    expect(secrets.match(body, signBody('old', body))).toBeUndefined();
  });

  it('does not re-read the file while its version is unchanged', () => {
    const store = fakeStore([{ secret: 's', source: 'profile default' }]);
    const secrets = new SigningSecrets([], store);
    for (let i = 0; i < 5; i++) secrets.match(body, signBody('wrong', body));
    expect(store.loads).toBe(1);
  });

  it('keeps the secrets it had when the file cannot be read', () => {
    const store = fakeStore([{ secret: 's', source: 'profile default' }]);
    let now = 0;
    const secrets = new SigningSecrets([], store, () => now);
    store.set([]);
    store.load = () => {
      throw new Error('corrupt');
    };
    now += 5_000;
    expect(secrets.match(body, signBody('s', body))).toBeDefined();
  });

  it('never matches a malformed header and does not consult the file for one', () => {
    const store = fakeStore([]);
    const secrets = new SigningSecrets([{ secret: 'a', source: '--secret' }], store);
    expect(secrets.match(body, 'zz')).toBeUndefined();
    expect(store.loads).toBe(1);
  });
});
