/** Strip trailing slashes and a trailing /api/v1, which users often paste. */
export function normaliseBaseUrl(url: string): string {
  const base = withoutTrailingSlashes(url);
  return base.slice(-7).toLowerCase() === '/api/v1' ? withoutTrailingSlashes(base.slice(0, -7)) : base;
}

function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end--;
  return text.slice(0, end);
}
