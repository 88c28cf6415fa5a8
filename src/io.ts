// The one object that knows about the process's streams: which are TTYs, whether color is
// on, whether we may prompt, whether chatter is silenced, and the one transient status line
// (bulk progress, a rate-limit wait) that must be cleared before anything else is written.
// Commands never look at process.stdout directly, and no stream is handed out for writing:
// every line for stderr, and every line for stdout when it is a terminal, goes through the
// one sanitiser (output/sanitize.ts), whichever helper writes it.
import type { Readable, Writable } from 'node:stream';
import { isatty } from 'node:tty';
import { escapeBlock, escapeInline, terminalText, type TerminalText } from './output/sanitize.js';
import { write } from './output/write.js';

export type InputStream = Readable & { isTTY?: boolean };
export type OutputStream = Writable & { isTTY?: boolean; columns?: number; rows?: number };

export interface StreamSet {
  stdin: InputStream;
  stdout: OutputStream;
  stderr: OutputStream;
}

export interface IOOptions {
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Color level 0 (none) to 3 (truecolor) for each output stream. */
  stdoutColor: number;
  stderrColor: number;
  /** --quiet: no progress, notices or summaries on stderr. */
  quiet?: boolean;
}

export class IO {
  readonly stdinIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  readonly stdoutColor: number;
  readonly stderrColor: number;
  readonly quiet: boolean;
  #status = false;

  /** `streams` may hold getters: a stream is only created when first used. */
  constructor(
    private readonly streams: StreamSet,
    options: IOOptions,
  ) {
    this.stdinIsTTY = options.stdinIsTTY;
    this.stdoutIsTTY = options.stdoutIsTTY;
    this.stderrIsTTY = options.stderrIsTTY;
    this.stdoutColor = options.stdoutColor;
    this.stderrColor = options.stderrColor;
    this.quiet = options.quiet === true;
  }

  get stdin(): InputStream {
    return this.streams.stdin;
  }

  /** The terminal's width in columns when stdout is one that says. */
  get stdoutColumns(): number | undefined {
    return this.streams.stdout.columns;
  }

  /** The terminal's height in rows when stdout is one that says. */
  get stdoutRows(): number | undefined {
    return this.streams.stdout.rows;
  }

  /**
   * The same process with stdout sent to `file` (an export's NDJSON file), so the output
   * writer can write a file as it writes stdout: no terminal, no color, no chatter.
   */
  writingTo(file: OutputStream): IO {
    const streams = this.streams;
    return new IO(
      {
        get stdin() {
          return streams.stdin;
        },
        stdout: file,
        get stderr() {
          return streams.stderr;
        },
      },
      { stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false, stdoutColor: 0, stderrColor: 0, quiet: true },
    );
  }

  /** Prompts only when a person is there to answer: stdin and stdout are both TTYs. */
  get canPrompt(): boolean {
    return this.stdinIsTTY && this.stdoutIsTTY;
  }

  // ---- stdout: verbatim into a pipe or a file, through the sanitiser on a terminal ----

  /** `text` as it may go to stdout: sanitised (layout kept) on a terminal, as given into a pipe or a file. */
  stdoutText(text: string): TerminalText {
    return this.stdoutIsTTY ? escapeBlock(text) : terminalText(text);
  }

  /** Write to stdout, after clearing the status line; resolves once the stream takes more (backpressure). */
  out(text: TerminalText): Promise<void> {
    this.clearStatus();
    return write(this.streams.stdout, text);
  }

  /** Write to stdout without waiting: for an endless stream that drops records itself once `outBacklog` grows. */
  outNow(text: TerminalText): void {
    this.clearStatus();
    this.streams.stdout.write(text);
  }

  /** Bytes written to stdout and not yet taken by the reader. */
  get outBacklog(): number {
    return this.streams.stdout.writableLength;
  }

  /** Resolves once everything written so far has been handed to stdout. */
  outFlushed(): Promise<void> {
    return new Promise<void>((resolve) => this.streams.stdout.write('', () => resolve()));
  }

  /**
   * stdout for a protocol that owns it (MCP's JSON-RPC): the stream itself into a pipe; on
   * a terminal one that shows what the terminal would obey as JSON's \u escapes, which
   * keeps every message the same JSON.
   */
  async protocolOutput(): Promise<OutputStream> {
    const stdout = this.streams.stdout;
    if (!this.stdoutIsTTY) return stdout;
    const [{ Writable }, { escapeJsonText }] = await Promise.all([import('node:stream'), import('./output/json.js')]);
    return new Writable({
      write: (chunk: Buffer | string, _encoding, done) => {
        this.clearStatus();
        stdout.write(escapeBlock(escapeJsonText(chunk.toString())), done);
      },
    });
  }

  // ---- stderr: every line through the sanitiser ----

  /** A notice for people, on stderr; silenced by --quiet. */
  notice(message: string): void {
    if (!this.quiet) this.error(`${message}\n`);
  }

  warn(message: string): void {
    this.error(`warning: ${escapeInline(message)}\n`);
  }

  /** Text for stderr (layout kept, control characters escaped), after clearing the status line. */
  error(text: string): void {
    this.clearStatus();
    this.streams.stderr.write(escapeBlock(text));
  }

  /** Ask a question on stderr and read one line of the answer from stdin (a person at a terminal). */
  async ask(question: string): Promise<string> {
    const { createInterface } = await import('node:readline/promises');
    this.clearStatus();
    const rl = createInterface({ input: this.streams.stdin, output: this.streams.stderr });
    try {
      return await rl.question(escapeInline(question));
    } finally {
      rl.close();
    }
  }

  /**
   * Show one transient line on a terminal's stderr (progress, a wait), replacing the last
   * one. Nothing without a TTY or under --quiet. The text is sanitised; \r and ESC[K are ours.
   */
  status(text: string): void {
    if (!this.stderrIsTTY || this.quiet) return;
    this.streams.stderr.write(`\r${escapeInline(text)}\u001b[K`);
    this.#status = true;
  }

  /** Remove the status line, if one is showing, so the next write starts on a clean line. */
  clearStatus(): void {
    if (!this.#status) return;
    this.#status = false;
    this.streams.stderr.write('\r\u001b[K');
  }
}

export interface ColorPreference {
  /** false for --no-color */
  color?: boolean;
  quiet?: boolean;
}

export function colorLevel(isTTY: boolean, env: NodeJS.ProcessEnv, pref: ColorPreference): number {
  if (pref.color === false) return 0;
  if ('NO_COLOR' in env && env.NO_COLOR !== '') return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    if (force === '2' || force === '3') return Number(force);
    return 1;
  }
  if (!isTTY || env.TERM === 'dumb') return 0;
  if (env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit') return 3;
  return /256/.test(env.TERM ?? '') ? 2 : 1;
}

let opened = false;
let stdoutClosed = false;

/** Whether this run created process.stdout (it is a lazy getter in Node). */
export function stdoutOpened(): boolean {
  return opened;
}

/** Whether the reader of stdout went away (`pwctl … | head -1`): what was wanted was read. */
export function stdoutWasClosed(): boolean {
  return stdoutClosed;
}

/**
 * The process's streams. process.stdin/stdout/stderr are getters that construct streams
 * (and load node:stream, net or tty) on first use, so they are touched only when a
 * command actually reads or writes. A closed stdout pipe makes later writes fail; the
 * entry point sees stdoutWasClosed() and ends the run quietly.
 */
export function processIO(env: NodeJS.ProcessEnv, pref: ColorPreference): IO {
  const stdoutIsTTY = isatty(1);
  const stderrIsTTY = isatty(2);
  let stdout: NodeJS.WriteStream | undefined;
  let stderr: NodeJS.WriteStream | undefined;
  const streams: StreamSet = {
    get stdin() {
      return process.stdin;
    },
    get stdout() {
      if (!stdout) {
        stdout = process.stdout;
        opened = true;
        stdout.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'EPIPE') stdoutClosed = true;
        });
      }
      return stdout;
    },
    get stderr() {
      if (!stderr) {
        stderr = process.stderr;
        stderr.on('error', () => {});
      }
      return stderr;
    },
  };
  return new IO(streams, {
    stdinIsTTY: isatty(0),
    stdoutIsTTY,
    stderrIsTTY,
    stdoutColor: colorLevel(stdoutIsTTY, env, pref),
    stderrColor: colorLevel(stderrIsTTY, env, pref),
    quiet: pref.quiet,
  });
}
