/** Strip trailing slashes and a trailing /api/v1, which users often paste. */
export function normaliseBaseUrl(url: string): string {
  return url
    .replace(/\/+$/, '')
    .replace(/\/api\/v1$/i, '')
    .replace(/\/+$/, '');
}
