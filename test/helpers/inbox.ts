// Deliveries put straight into a profile's inbox, as `webhooks listen` would keep them, for
// tests of the verbs that read it (deliveries list/show) without running a listener.
import { verifiedEntry } from '../../src/webhooks/inbox/make-entry.js';
import { inboxDir } from '../../src/webhooks/inbox/segments.js';
import { InboxWriter } from '../../src/webhooks/inbox/writer.js';

/** Keep one verified delivery of `event` per body, received now; returns their ids, oldest first. */
export async function keepDeliveries(
  env: Record<string, string>,
  bodies: readonly string[],
  event = 'task.completed',
  profile = 'default',
): Promise<string[]> {
  const inbox = await InboxWriter.open(inboxDir(env, profile), {
    size: 1_000,
    bytes: 1024 * 1024,
    onError: (error) => {
      throw error;
    },
  });
  const ids: string[] = [];
  for (const text of bodies) {
    const id = inbox.ids.next(Date.now());
    const body = Buffer.from(text);
    inbox.add(
      verifiedEntry({
        id,
        receivedAt: Date.now(),
        url: '/hooks',
        rawHeaders: ['Content-Type', 'application/json', 'Signature', 'f'.repeat(64)],
        body,
        parses: true,
        event,
        secret: { secret: 'not-a-secret', source: 'test', subscriptionId: 7 },
        duplicate: false,
        forwardedTo: [],
      }),
    );
    ids.push(id);
  }
  await inbox.close();
  return ids;
}
