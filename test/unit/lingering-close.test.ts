// The lingering close on its own, over real sockets: the answer reaches a sender that is still
// writing, and the connection closes when the sender stops or when the linger ends.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lingeringCloses } from '../../src/webhooks/lingering-close.js';

let server: net.Server | undefined;
afterEach(() => server?.close());

/**
 * A server that answers every connection at once, leaving what it is sent unread (as the
 * receiver leaves a refused body), and closes it as Node's HTTP server does (destroySoon).
 */
async function answeringServer(lingerMs: number): Promise<{ port: number }> {
  const closes = lingeringCloses(lingerMs);
  server = net.createServer({ allowHalfOpen: true, pauseOnConnect: true }, (socket) => {
    closes.linger(socket);
    socket.write('answer\n');
    socket.destroySoon();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port };
}

/** Connects and writes `piece` every few ms until the connection closes; what it read, and how it ended. */
function busySender(port: number, piece = Buffer.alloc(64 * 1024, 0x61)) {
  const socket = net.connect(port, '127.0.0.1');
  let read = '';
  let error: string | undefined;
  socket.on('data', (c) => (read += c.toString()));
  socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code));
  const drip = setInterval(() => socket.writable && socket.write(piece), 5);
  const closed = new Promise<{ read: string; error: string | undefined }>((resolve) =>
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ read, error });
    }),
  );
  return { socket, closed };
}

describe('lingering close', () => {
  it('lets every sender that keeps writing read the answer before the connection closes', async () => {
    const { port } = await answeringServer(300);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => busySender(port).closed));
    // Closed at once, the unread bytes made the kernel reset the connection, and a sender's next
    // write failed (EPIPE) before it read the answer. Now any reset comes after the answer.
    expect(outcomes.map((outcome) => outcome.read)).toEqual(Array(20).fill('answer\n'));
  });

  it('closes once the linger is over even if the sender never closes its side or stops writing', async () => {
    const { port } = await answeringServer(200);
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('error', () => {});
    let read = '';
    socket.on('data', (c) => (read += c.toString()));
    const drip = setInterval(() => socket.write(Buffer.alloc(1024)), 10);
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(drip);
    expect(read).toBe('answer\n');
  });
});
