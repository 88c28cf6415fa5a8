// The command line as both parsers read it (commander in ./program.ts, the fast path in ./fast/).
import { isLetter } from '../chars.js';

/**
 * Two spellings commander does not read, as people type them: `--debug=api` → `--debug
 * --debug-api` (a bare `--debug` must stay a switch: were it an option with an optional
 * value, commander would take the next word, `pwctl --debug steps list` would trace "steps"),
 * and `-o=json` → `-o json`, as kubectl and gh accept. Arguments after `--` are left alone.
 */
export function normaliseArgv(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return argv.flatMap((arg, i) => {
    if (end !== -1 && i >= end) return [arg];
    if (arg === '--debug=api') return ['--debug', '--debug-api'];
    const short = arg.length >= 3 && arg[0] === '-' && isLetter(arg.charCodeAt(1)) && arg[2] === '=';
    return short ? [arg.slice(0, 2), arg.slice(3)] : [arg];
  });
}
