// Closing a connection whose sender may still be writing its body: a lingering close, as Apache
// and nginx do it. Node's HTTP server ends a `Connection: close` response with
// socket.destroySoon(): the answer, FIN, and the socket closed as soon as its own side is done.
// What the sender writes after that reaches a closed socket, the kernel answers it with RST, and
// a sender still writing fails its next write (EPIPE, ECONNRESET) before it reads the answer
// already waiting for it: 19 of 40 Node clients posting 8 MB to `webhooks listen` got EPIPE
// instead of their 413. So a connection answered before its request ended stays open, unread,
// for LINGER_MS after its FIN, and then closes: the sender has that long to read the answer.
// Nothing more is read from it — what the sender still writes waits in the kernel's buffers
// and then stops it — so a flood of such senders costs no memory here, only open sockets.
import type { Socket } from 'node:net';

/** How long a closing connection stays open, unread, after its answer. */
export const LINGER_MS = 2_000;

export interface LingeringCloses {
  /**
   * Have `socket`, whose request is answered `Connection: close` before it ended, linger when
   * the server closes it after the answer. Its request must be left unread (paused).
   */
  linger(socket: Socket): void;
  /** Whether `socket` is closing: a request that still arrives on it is dropped unanswered. */
  closing(socket: Socket): boolean;
}

export function lingeringCloses(lingerMs = LINGER_MS): LingeringCloses {
  const closing = new WeakSet<Socket>();
  // Destroyed only once the answer has gone out: destroy() drops what is still buffered to write.
  const closeWhenWritten = (socket: Socket) => {
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  return {
    linger(socket) {
      if (closing.has(socket)) return;
      closing.add(socket);
      // What the server calls once the answer is written.
      socket.destroySoon = function lingerThenClose(this: Socket) {
        if (this.writable) this.end();
        if (this.readableEnded) return closeWhenWritten(this);
        this.pause();
        const timer = setTimeout(() => closeWhenWritten(this), lingerMs);
        timer.unref();
        this.once('close', () => clearTimeout(timer));
      };
    },
    closing: (socket) => closing.has(socket),
  };
}
