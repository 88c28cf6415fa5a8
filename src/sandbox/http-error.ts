// An error a route throws to answer with a status; the server turns it into the JSON body.

export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): { message: string; errors?: FieldErrors } {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export function notFound(message = 'Not found.'): HttpError {
  return new HttpError(404, message);
}

export function forbidden(message = 'This action is unauthorized.'): HttpError {
  return new HttpError(403, message);
}

/** 422 with Laravel's summary message: the first error, plus how many more there are. */
export function validationFailed(errors: FieldErrors): HttpError {
  const messages = Object.values(errors).flat();
  const extra = messages.length - 1;
  const summary =
    (messages[0] ?? 'The given data was invalid.') +
    (extra > 0 ? ` (and ${extra} more error${extra === 1 ? '' : 's'})` : '');
  return new HttpError(422, summary, errors);
}

export function invalid(field: string, message: string): HttpError {
  return validationFailed({ [field]: [message] });
}
