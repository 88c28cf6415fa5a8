// How large an answer pwctl accepts. An answer is held whole in memory (bytes, then its text,
// then the parsed JSON), so a service that sends more than any list could need (by mistake,
// or to exhaust the machine) is refused as it streams in, and not asked again.

/** The default limit; PWCTL_MAX_RESPONSE_BYTES changes it (src/config/settings.ts). */
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

/**
 * The highest limit that can be set: an answer becomes one string, and V8 cannot make a
 * string of more than about 512 Mi characters, so a larger answer could never be used.
 */
export const MAX_RESPONSE_BYTES_CEILING = 500 * 1024 * 1024;

/** A size in words: "512 bytes", "64 KiB", "286.1 MiB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KiB'] : [bytes / (1024 * 1024), 'MiB'];
  return `${Math.round(value * 10) / 10} ${unit}`;
}
