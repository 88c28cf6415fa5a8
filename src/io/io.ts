// The one object that knows about a run's streams (the process's, or a test's: terminal.ts):
// which are TTYs, whether color is on, whether we may prompt, whether chatter is silenced, and
// the one transient status line (bulk progress, a rate-limit wait) that must be cleared
// before anything else is written.
// Commands never look at process.stdout directly, and no stream is handed out for writing:
// every line for stderr, and every line for stdout when it is a terminal, goes through the
// one sanitiser (sanitize.ts), whichever helper writes it.
import type { Readable, Writable } from 'node:stream';
import { escapeBlock, escapeInline, escapeJsonText, terminalText, type TerminalText } from './sanitize.js';
import { write } from './write.js';

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
  /** --no-input, PWCTL_NO_INPUT or CI=true: never ask, even on a terminal. */
  noInput?: boolean;
}

export class IO {
  readonly stdinIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  readonly stdoutColor: number;
  readonly stderrColor: number;
  readonly quiet: boolean;
  readonly noInput: boolean;
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
    this.noInput = options.noInput === true;
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

  /**
   * The same terminal with what is written kept in `screen` instead (a watch's frame, drawn
   * whole; a page for the pager): stdout still a TTY of the same width and colour, but of no
   * height, so nothing drawn into it is paged again. With `notices`, stderr's notices and
   * warnings are kept there too, in place; otherwise they go to stderr as ever.
   */
  drawingInto(screen: OutputStream, options: { notices: boolean }): IO {
    const streams = this.streams;
    return new IO(
      {
        get stdin() {
          return streams.stdin;
        },
        stdout: screen,
        get stderr() {
          return options.notices ? screen : streams.stderr;
        },
      },
      {
        stdinIsTTY: this.stdinIsTTY,
        stdoutIsTTY: this.stdoutIsTTY,
        stderrIsTTY: options.notices ? this.stdoutIsTTY : this.stderrIsTTY,
        stdoutColor: this.stdoutColor,
        stderrColor: options.notices ? this.stdoutColor : this.stderrColor,
        quiet: this.quiet,
        noInput: true,
      },
    );
  }

  /**
   * Whether a person can be asked (a prompt, a picker, a confirmation): stdin and stderr are
   * terminals, and neither --no-input, PWCTL_NO_INPUT nor CI=true says not to. stdout may be
   * a pipe (`pwctl steps create -o json > task.json` still asks on stderr).
   */
  get canPrompt(): boolean {
    return this.stdinIsTTY && this.stderrIsTTY && !this.noInput;
  }

  /**
   * The terminal for a prompt library, whose own control sequences (cursor moves, colour)
   * must reach it as they are. Only for prompts: every text we hand the library (a question,
   * a task's title) is sanitised first (src/cli/prompts.ts).
   */
  promptStreams(): { input: InputStream; output: OutputStream } {
    this.clearStatus();
    return { input: this.streams.stdin, output: this.streams.stderr };
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

  /** Whether stdout's reader went away (`… --watch | head -3`): nothing more can be written. */
  get stdoutGone(): boolean {
    return this.streams.stdout.destroyed === true;
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
    const { Writable } = await import('node:stream');
    return new Writable({
      write: (chunk: Buffer | string, _encoding, done) => {
        this.clearStatus();
        stdout.write(escapeBlock(escapeJsonText(chunk.toString())), done);
      },
    });
  }

  // ---- stderr: every line through the sanitiser ----

  /**
   * A notice for people, on stderr, silenced by --quiet: one line, whatever it holds. A
   * notice often carries the service's text (a title, an id), and a newline in it must not
   * start a line of its own (`error: …` forged by the server), so newlines are escaped too.
   */
  notice(message: string): void {
    if (!this.quiet) this.error(`${escapeInline(message)}\n`);
  }

  warn(message: string): void {
    this.error(`warning: ${escapeInline(message)}\n`);
  }

  /** Text for stderr (layout kept, control characters escaped), after clearing the status line. */
  error(text: string): void {
    this.clearStatus();
    this.streams.stderr.write(escapeBlock(text));
  }

  /**
   * Ask a question on stderr and read one line of the answer from stdin (a person at a
   * terminal); undefined when they press Ctrl-C instead.
   */
  async ask(question: string): Promise<string | undefined> {
    const { createInterface } = await import('node:readline/promises');
    this.clearStatus();
    const rl = createInterface({ input: this.streams.stdin, output: this.streams.stderr });
    const interrupted = new AbortController();
    // On a terminal readline reads Ctrl-C as a key, not a signal.
    rl.once('SIGINT', () => interrupted.abort());
    try {
      return await rl.question(escapeInline(question), { signal: interrupted.signal });
    } catch (error) {
      if (interrupted.signal.aborted) {
        this.streams.stderr.write('\n');
        return undefined;
      }
      throw error;
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
