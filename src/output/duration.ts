// A length of time as a person types it (`500ms`, `2s`, `1.5s`, `1m30s`, `1h`): the form the
// duration flags read (src/commands/flags/duration.ts), used wherever pwctl says one back.

/** Milliseconds as a duration is typed: 500ms, 2s, 1.5s, 1m30s, 1h. */
export function durationText(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)}ms`;
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.round(((ms % 60_000) / 1_000) * 10) / 10;
  const parts = [hours ? `${hours}h` : '', minutes ? `${minutes}m` : '', seconds ? `${seconds}s` : ''];
  return parts.join('') || '0s';
}
