import type { Writable } from 'node:stream';

/**
 * Write and respect backpressure, so a slow pipe does not make us buffer a whole list. A
 * stream that fails or is destroyed while we wait for it to drain rejects the write, rather
 * than leaving it waiting for a 'drain' that will never come.
 */
export function write(out: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (out.destroyed)
      return reject(Object.assign(new Error('the output was closed'), { code: 'ERR_STREAM_DESTROYED' }));
    const ok = out.write(text, (error) => (error ? reject(error) : undefined));
    if (ok) return resolve();
    const settle = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', settle);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(Object.assign(new Error('the output was closed'), { code: 'ERR_STREAM_DESTROYED' }));
    out.once('drain', onDrain);
    out.once('close', onClose);
    out.once('error', settle);
  });
}
