// A failed OAuth step, described for people. `network` tells a transport failure (worth
// retrying later) from a refusal by the authorization server (sign in again).

export class OAuthError extends Error {
  override name = 'OAuthError';
  constructor(
    message: string,
    readonly network = false,
  ) {
    super(message);
  }
}
