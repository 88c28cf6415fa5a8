// --dry-run, decided in one place: the client shows a request that would change data and then
// refuses to send it, by throwing this. A resource function therefore always answers what the
// service answered (never a made-up empty record); a verb stops at its first write, and the
// command ends successfully with the requests shown. Bulk runners count an item that stopped
// here as shown, and go on to the next.
export class RequestNotSent extends Error {
  override name = 'RequestNotSent';
  constructor(
    readonly method: string,
    readonly path: string,
  ) {
    super(`${method} ${path} was shown and not sent (--dry-run)`);
  }
}
