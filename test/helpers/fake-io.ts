// In-memory streams for running pwctl inside the test process: an IO for unit tests of the
// output layer, and a Terminal for whole runs of the command line (src/cli/main.ts run()).
import { PassThrough, Writable } from 'node:stream';
import { IO } from '../../src/io/io.js';
import { Terminal } from '../../src/io/terminal.js';

export function fakeIO(tty = false): { io: IO; out: () => string; stdout: PassThrough & { columns?: number } } {
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (c: Buffer) => chunks.push(c));
  const io = new IO(
    { stdin: new PassThrough(), stdout, stderr: new PassThrough() },
    { stdinIsTTY: false, stdoutIsTTY: tty, stderrIsTTY: false, stdoutColor: 0, stderrColor: 0 },
  );
  return { io, out: () => Buffer.concat(chunks).toString('utf8'), stdout };
}

/** An output stream that keeps what is written, as it is written, and tells `onText` each piece. */
export class CapturedOutput extends Writable {
  readonly #chunks: Buffer[] = [];
  constructor(
    readonly isTTY: boolean,
    readonly columns: number | undefined,
    private readonly onText?: (text: string) => void,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.#chunks.push(chunk);
    this.onText?.(chunk.toString('utf8'));
    done();
  }

  text(): string {
    return Buffer.concat(this.#chunks).toString('utf8');
  }
}

export interface MemoryTerminalOptions {
  /** What stdin holds; it ends after it unless keepStdinOpen. */
  stdin?: string | Buffer;
  keepStdinOpen?: boolean;
  /** All three streams are terminals (a person at a terminal), stdout `columns` wide. */
  tty?: boolean;
  columns?: number;
  /** Called with each piece written to stdout (a protocol client reading the replies). */
  onStdout?: (text: string) => void;
  /** Called with each piece written to stderr (a test answering a prompt). */
  onStderr?: (text: string) => void;
}

export interface MemoryTerminal {
  terminal: Terminal;
  stdin: PassThrough;
  stdout: CapturedOutput;
  stderr: CapturedOutput;
}

/** A Terminal over in-memory streams: stdin from a string, stdout and stderr captured. */
export function memoryTerminal(options: MemoryTerminalOptions = {}): MemoryTerminal {
  const tty = options.tty === true;
  const stdin = Object.assign(new PassThrough(), { isTTY: tty });
  const stdout = new CapturedOutput(tty, tty ? (options.columns ?? 80) : undefined, options.onStdout);
  const stderr = new CapturedOutput(tty, tty ? (options.columns ?? 80) : undefined, options.onStderr);
  if (options.stdin !== undefined || !options.keepStdinOpen) stdin.end(options.stdin ?? '');
  const terminal = new Terminal({ stdin, stdout, stderr }, { stdin: tty, stdout: tty, stderr: tty });
  return { terminal, stdin, stdout, stderr };
}
