import type { Writable } from 'node:stream';

/** Write and respect backpressure, so a slow pipe does not make us buffer a whole list. */
export function write(out: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = out.write(text, (error) => (error ? reject(error) : undefined));
    if (ok) resolve();
    else out.once('drain', resolve);
  });
}
