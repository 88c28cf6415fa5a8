// One request to a receiver under test (`webhooks listen`, the inspector, a forward target),
// on a connection of its own: the status it answered, its body read and dropped.
import http from 'node:http';

export function postStatus(
  url: string,
  body: Buffer | string,
  headers: Record<string, string>,
  method = 'POST',
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers, agent: false },
      (res) => (res.resume(), resolve(res.statusCode ?? 0)),
    );
    req.on('error', reject);
    req.end(body);
  });
}
