// JSON text that is safe to cat to a terminal: the same JSON value, with what JSON.stringify
// leaves raw and a terminal would obey escaped (escapeJsonText).
import { escapeJsonText } from '../io/sanitize.js';

export function toJson(value: unknown, indent?: number): string {
  return escapeJsonText(JSON.stringify(value, null, indent) ?? 'null');
}
