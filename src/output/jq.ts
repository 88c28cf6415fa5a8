// --jq: a real jq (jq 1.8 compiled to WebAssembly, from jq-wasm), loaded only when asked
// for. The expression is compiled before any request; each run prints what `jq -r` would:
// one line per emitted value, strings raw, anything else as compact JSON.
import type { Jq } from 'jq-wasm/inline';
import { UsageError } from '../errors.js';

/** What the compile check puts before the expression (positions in messages are shifted back by it). */
const CHECK_PREFIX = 'halt | ';

export interface JqOutput {
  /** Lines for stdout, each ending in a newline. */
  text: string;
  /** jq's messages that are not errors (`debug`, `stderr`), for stderr. */
  notes: string;
  /** The first runtime error, if any input failed. */
  error?: string;
}

export class JqFilter {
  private constructor(
    readonly expression: string,
    private readonly jq: Jq,
  ) {}

  /** Load jq and compile the expression; a UsageError (exit 2) when it does not compile. */
  static async compile(expression: string, env: NodeJS.ProcessEnv): Promise<JqFilter> {
    if (expression.trim() === '') throw new UsageError("--jq needs an expression, e.g. --jq '.[].id'");
    // The wasm is inlined in the module, so the bundle has no asset to locate at run time.
    const [{ loadJq }, { keepWasmOnLiftoff }] = await Promise.all([
      import('jq-wasm/inline'),
      import('../wasm-tiering.js'),
    ]);
    keepWasmOnLiftoff(env);
    const jq = await loadJq();
    // jq has no compile-only mode. `halt | EXPR` is compiled whole (syntax, functions,
    // variables) and exits before EXPR runs, so the check can neither hang nor depend on data:
    // a failure here is a compile error, never a runtime error on some input.
    const check = jq.raw('null', `${CHECK_PREFIX}${expression}`, ['-n']);
    if (check.exitCode !== 0) throw new UsageError(`--jq: ${compileMessage(check.stderr)}`);
    return new JqFilter(expression, jq);
  }

  /**
   * Run on JSON text holding one value, or several separated by newlines (each is an input,
   * as jq reads a stream). jq-wasm trims its output, so values are taken as compact JSON
   * (`-c`, one per line) and strings are decoded here: exactly `jq -r`, whitespace included.
   */
  run(input: string): JqOutput {
    const result = this.jq.raw(input, this.expression, ['-c']);
    const lines = result.stdout === '' ? [] : result.stdout.split('\n');
    const text = lines.map((line) => `${line.startsWith('"') ? (JSON.parse(line) as string) : line}\n`).join('');
    if (result.exitCode === 0) return { text, notes: withNewline(result.stderr) };
    const messages = messagesOf(result.stderr);
    const errors = messages.filter((line) => line.startsWith('jq: error'));
    return {
      text,
      notes: withNewline(messages.filter((line) => !line.startsWith('jq: error')).join('\n')),
      error: `--jq: ${runtimeMessage(errors[0] ?? messages[0] ?? `jq exited with status ${result.exitCode}`)}`,
    };
  }
}

/**
 * jq's messages: a line that starts with `jq: ` or `["DEBUG:"` begins one, and any other line
 * continues the one before. An error's message is often the data's own text (`error(.title)`),
 * and a newline in it must not make the rest a note of its own on stderr (`error: …` forged
 * by the service): it stays in its error, whose first line alone is reported.
 */
function messagesOf(stderr: string): string[] {
  const messages: string[] = [];
  for (const line of stderr.split('\n')) {
    if (line === '') continue;
    if (messages.length > 0 && !/^(?:jq: |\["DEBUG:")/.test(line)) messages[messages.length - 1] += `\n${line}`;
    else messages.push(line);
  }
  return messages;
}

/** `jq: error: syntax error, … at <top-level>, line 1, column 17:` → `syntax error, … at line 1, column 10`. */
function compileMessage(stderr: string): string {
  const first = stderr.split('\n')[0] ?? '';
  if (!first.startsWith('jq: error')) return first || 'the expression does not compile';
  return first
    .replace(/^jq: error: /, '')
    .replace(/:$/, '')
    .replace(
      /at <top-level>, line (\d+), column (\d+)/,
      (_, line: string, column: string) =>
        `at line ${line}, column ${line === '1' ? Math.max(1, Number(column) - CHECK_PREFIX.length) : column}`,
    );
}

/** `jq: error (at /dev/stdin:0): Cannot index string with "id"` → `Cannot index string with "id"`. */
function runtimeMessage(line: string): string {
  return line.replace(/^jq: error \(at [^)]*\): /, '').replace(/^jq: error: /, '');
}

function withNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}
